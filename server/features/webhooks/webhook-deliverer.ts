import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_FORMATS, type WebhookFormat } from '../../../shared/api/webhooks';
import type { Db } from '../../db/client';
import { adminRecipients, NOTIFICATION_LINKS, notify } from '../notifications';
import type { Deliverer, Delivery, OutboxRow } from '../outbox';
import { AddressRefused } from './address-policy';
import { webhookDeliveries, webhookEndpoints } from './schema';
import { signatureHeader } from './signature';
import { renderBody } from './webhook-formats';
import type { WebhookPayload } from './webhook-queue';
import { postWebhook, type Answer, type TransportOptions } from './webhook-transport';

// The outbox's 'webhook' channel (docs/operations.md 'Webhooks'): each row is signed and posted
// to its endpoint, every attempt logged. 2xx is sent; 408, 429, 5xx and no answer are tried again
// with the outbox's backoff for a day; any other answer (a redirect included, never followed)
// and an address the policy refuses fail at once, to be sent again by an admin from the log.

/** An endpoint failing this long is turned off, and its admins are told. */
export const TURN_OFF_AFTER_MS = 3 * 24 * 3600_000;
const LOGGED_ANSWER_CHARS = 1024;

export interface WebhookConfig {
  /** HUB_WEBHOOK_ALLOW_HOSTS */
  allowHosts: string[];
  /** HUB_PUBLIC_URL, the links' base (none: payloads carry no links) */
  publicUrl: string | null;
}

export interface DelivererHooks {
  /** an endpoint turned off after three days of failures */
  turnedOff?: (endpointId: number, url: string) => Promise<void>;
}

function outcomeOf(answer: Answer): Delivery {
  const code = answer.statusCode;
  if (code >= 200 && code < 300) return { outcome: 'sent' };
  const error = `the endpoint answered ${code}`;
  if (code === 408 || code === 429 || code >= 500) return { outcome: 'retry', error };
  return { outcome: 'failed', error: code >= 300 && code < 400 ? `${error} (redirects are not followed)` : error };
}

export function webhookDeliverer(db: Db, config: WebhookConfig, transport: Omit<TransportOptions, 'allowHosts'>, hooks: DelivererHooks = {}): Deliverer {
  return async (row: OutboxRow) => {
    const payload = row.payload as unknown as WebhookPayload;
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, payload.endpointId)).limit(1);
    if (!endpoint) return { outcome: 'failed', error: 'the endpoint was removed' };
    if (!endpoint.enabled) return { outcome: 'failed', error: 'the endpoint is turned off' };
    const format: WebhookFormat = WEBHOOK_FORMATS.includes(endpoint.format as WebhookFormat) ? (endpoint.format as WebhookFormat) : 'json';
    const body = renderBody(format, payload, config.publicUrl);
    const now = new Date();
    const id = `msg_${row.id}`;
    const timestamp = Math.floor(now.getTime() / 1000);
    const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? [endpoint.previousSecret] : [])];
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureHeader(secrets, id, timestamp, body) };
    const started = performance.now();
    let delivery: Delivery;
    let answer: Answer | null = null;
    try {
      answer = await postWebhook(endpoint.url, body, headers, { ...transport, allowHosts: config.allowHosts });
      delivery = outcomeOf(answer);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      delivery = error instanceof AddressRefused ? { outcome: 'failed', error: message } : { outcome: 'retry', error: message };
    }
    await db.insert(webhookDeliveries).values({
      endpointId: endpoint.id, outboxId: row.id, event: payload.event, at: now,
      statusCode: answer?.statusCode ?? null, durationMs: Math.round(performance.now() - started), outcome: delivery.outcome,
      error: delivery.outcome === 'sent' ? null : delivery.error, response: answer ? answer.body.slice(0, LOGGED_ANSWER_CHARS) : null,
    });
    if (delivery.outcome === 'sent') {
      await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    } else {
      const [after] = await db.update(webhookEndpoints).set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` }).where(eq(webhookEndpoints.id, endpoint.id)).returning();
      if (after?.failingSince && now.getTime() - after.failingSince.getTime() >= TURN_OFF_AFTER_MS) {
        const lastError = delivery.error;
        // turned off and the admins told in one transaction: of two hubs that find it failing, one does both
        const turned = await db.transaction(async (tx) => {
          const rows = await tx.update(webhookEndpoints).set({ enabled: false, disabledReason: `turned off after three days of failed deliveries (last: ${lastError})` })
            .where(sql`${webhookEndpoints.id} = ${endpoint.id} and ${webhookEndpoints.enabled}`).returning();
          if (rows.length > 0) {
            await notify(tx, await adminRecipients(tx), {
              kind: 'webhook_turned_off',
              title: 'Webhook turned off',
              body: `${endpoint.url} failed for three days and was turned off (last: ${lastError}). Turn it on again in Admin → Webhooks once it answers.`,
              link: NOTIFICATION_LINKS.webhooks,
            });
          }
          return rows.length > 0;
        });
        if (turned) await hooks.turnedOff?.(endpoint.id, endpoint.url);
      }
    }
    return delivery;
  };
}
