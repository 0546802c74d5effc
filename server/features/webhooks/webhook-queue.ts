import { and, arrayContains, eq } from 'drizzle-orm';
import type { WebhookEvent } from '../../../shared/api/webhooks';
import type { DbOrTx } from '../../db/client';
import { enqueue, type OutboxRow } from '../outbox';
import { webhookEndpoints } from './schema';

// Webhook deliveries queued in the event's transaction (docs/operations.md 'The outbox'): one
// outbox row per enabled endpoint that wants the event, so a rolled-back change sends nothing.
// Payloads are thin: ids, titles, statuses, the actor and paths (made links at delivery, with
// HUB_PUBLIC_URL); never personal data beyond a name, never an evaluation's contents.

export const WEBHOOK_CHANNEL = 'webhook';

export interface WebhookSubject {
  /** objective, key_result, check_in, person, evaluation, approval */
  type: string;
  id: number;
  /** left out of a private objective's event unless the endpoint includes private objectives */
  title?: string | null;
  status?: string | null;
  /** a path under HUB_PUBLIC_URL */
  path?: string;
  /** a private objective (or a thing of one) */
  private?: boolean;
}

export interface WebhookEventData {
  subject: WebhookSubject;
  actor: { id: number; name: string } | null;
  /** the objective a key result, check-in or approval belongs to */
  objective?: WebhookSubject;
  /** status_changed: the status before */
  previousStatus?: string | null;
}

/** The payload an outbox row carries: the endpoint, and the event as this endpoint may see it. */
export interface WebhookPayload {
  endpointId: number;
  event: string;
  occurredAt: string;
  data: WebhookEventData;
}

const withoutPrivateTitle = (s: WebhookSubject | undefined, include: boolean): WebhookSubject | undefined =>
  s && s.private && !include ? { ...s, title: null } : s;

/** Queues `event` for every enabled endpoint that wants it; answers the rows queued. */
export async function queueWebhooks(tx: DbOrTx, event: WebhookEvent, data: WebhookEventData): Promise<OutboxRow[]> {
  const endpoints = await tx.select({ id: webhookEndpoints.id, includePrivate: webhookEndpoints.includePrivate }).from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [event])));
  const rows: OutboxRow[] = [];
  for (const endpoint of endpoints) {
    const shown = { ...data, subject: withoutPrivateTitle(data.subject, endpoint.includePrivate)!, objective: withoutPrivateTitle(data.objective, endpoint.includePrivate) };
    const row = await queueDelivery(tx, endpoint.id, event, shown);
    if (row) rows.push(row);
  }
  return rows;
}

export async function queueDelivery(tx: DbOrTx, endpointId: number, event: string, data: WebhookEventData): Promise<OutboxRow | null> {
  const payload: WebhookPayload = { endpointId, event, occurredAt: new Date().toISOString(), data };
  return enqueue(tx, { channel: WEBHOOK_CHANNEL, kind: event, payload: payload as unknown as Record<string, unknown>, idDomain: 'webhook' });
}
