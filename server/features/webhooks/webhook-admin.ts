import { and, desc, eq, inArray } from 'drizzle-orm';
import { WEBHOOK_DELIVERIES_SHOWN, WEBHOOK_TEST_EVENT, WEBHOOK_TEXT, webhookEndpointBodySchema, type WebhookDelivery, type WebhookEndpoint, type WebhookFormat } from '../../../shared/api/webhooks';
import type { Actor } from '../../../shared/rules/session-user';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http-errors';
import { nameOf } from '../notifications';
import { requeue } from '../outbox';
import { urlProblem } from './address-policy';
import { webhookDeliveries, webhookEndpoints } from './schema';
import { newSecret } from './signature';
import { queueDelivery, WEBHOOK_CHANNEL } from './webhook-queue';
import type { WebhookService } from './webhook-service';

// Admin → Webhooks (docs/api.md 'Webhooks'): the endpoints, their secrets (answered on create and
// rotate only), a test event, the delivery log and its 'Send again'.

/** How long the secret before a rotation is still signed with, so receivers can switch over. */
export const PREVIOUS_SECRET_MS = 24 * 3600_000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type Body = z.output<typeof webhookEndpointBodySchema>;

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id, event: row.event, at: row.at.toISOString(), statusCode: row.statusCode, durationMs: row.durationMs,
  outcome: row.outcome as WebhookDelivery['outcome'], error: row.error, response: row.response, messageId: row.outboxId,
});

const toEndpoint = (row: EndpointRow, last: DeliveryRow | undefined): WebhookEndpoint => ({
  id: row.id, url: row.url, events: row.events, format: row.format as WebhookFormat, includePrivate: row.includePrivate, enabled: row.enabled,
  disabledReason: row.disabledReason, previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil.toISOString() : null,
  lastDelivery: last ? toDelivery(last) : null, createdAt: row.createdAt.toISOString(),
});

async function lastDeliveries(db: Db, ids: number[]): Promise<Map<number, DeliveryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectDistinctOn([webhookDeliveries.endpointId]).from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, ids)).orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.at), desc(webhookDeliveries.id));
  return new Map(rows.map((r) => [r.endpointId, r]));
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  const last = await lastDeliveries(db, rows.map((r) => r.id));
  return rows.map((r) => toEndpoint(r, last.get(r.id)));
}

async function endpointOf(db: Db, id: number): Promise<WebhookEndpoint> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!row) throw notFound(WEBHOOK_TEXT.notFound);
  return toEndpoint(row, (await lastDeliveries(db, [id])).get(id));
}

function checkUrl(url: string, allowHosts: readonly string[]): void {
  const problem = urlProblem(new URL(url), allowHosts);
  if (problem) throw badRequest(problem === 'https' ? WEBHOOK_TEXT.urlHttps : problem === 'credentials' ? WEBHOOK_TEXT.urlCredentials : WEBHOOK_TEXT.urlInternal, 'url');
}

const fieldsOf = (body: Body) => ({ url: body.url, events: [...new Set(body.events)], format: body.format, includePrivate: body.includePrivate, enabled: body.enabled });

export async function createEndpoint(db: Db, webhooks: WebhookService, body: Body): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  checkUrl(body.url, webhooks.config.allowHosts);
  const secret = newSecret();
  const [row] = await db.insert(webhookEndpoints).values({ ...fieldsOf(body), secret }).returning();
  return { endpoint: toEndpoint(row, undefined), secret };
}

export async function updateEndpoint(db: Db, webhooks: WebhookService, id: number, body: Body): Promise<WebhookEndpoint> {
  checkUrl(body.url, webhooks.config.allowHosts);
  // turning it on again clears the hub's reason and its three days
  const [row] = await db.update(webhookEndpoints).set({ ...fieldsOf(body), updatedAt: new Date(), ...(body.enabled ? { disabledReason: null, failingSince: null } : {}) })
    .where(eq(webhookEndpoints.id, id)).returning();
  if (!row) throw notFound(WEBHOOK_TEXT.notFound);
  return endpointOf(db, id);
}

export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw notFound(WEBHOOK_TEXT.notFound);
}

export async function rotateSecret(db: Db, id: number, now = new Date()): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const [current] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!current) throw notFound(WEBHOOK_TEXT.notFound);
  const secret = newSecret();
  await db.update(webhookEndpoints).set({ secret, previousSecret: current.secret, previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_MS), updatedAt: now }).where(eq(webhookEndpoints.id, id));
  return { endpoint: await endpointOf(db, id), secret };
}

/** A test event to this endpoint, tried at once: answers the attempt's log entry. */
export async function sendTestEvent(db: Db, webhooks: WebhookService, actor: Actor, id: number): Promise<WebhookDelivery | null> {
  await endpointOf(db, id);
  const name = await nameOf(db, actor.id);
  const row = await db.transaction((tx) => queueDelivery(tx, id, WEBHOOK_TEST_EVENT, { subject: { type: 'endpoint', id, title: 'Test event' }, actor: { id: actor.id, name } }));
  if (!row) return null;
  await webhooks.sendNow(row.id);
  const [attempt] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.outboxId, row.id)).orderBy(desc(webhookDeliveries.id)).limit(1);
  return attempt ? toDelivery(attempt) : null;
}

export async function listDeliveries(db: Db, id: number): Promise<WebhookDelivery[]> {
  await endpointOf(db, id);
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)).orderBy(desc(webhookDeliveries.at), desc(webhookDeliveries.id)).limit(WEBHOOK_DELIVERIES_SHOWN);
  return rows.map(toDelivery);
}

/** 'Send again': the attempt's message queued once more, with the same webhook-id. */
export async function resendDelivery(db: Db, webhooks: WebhookService, id: number, deliveryId: number): Promise<void> {
  const [attempt] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id))).limit(1);
  if (!attempt?.outboxId) throw notFound(WEBHOOK_TEXT.deliveryNotFound);
  // a row still queued is already to be sent: nothing to do
  const row = await requeue(db, attempt.outboxId, WEBHOOK_CHANNEL, ['failed', 'sent']);
  if (row) webhooks.sender.wake();
}
