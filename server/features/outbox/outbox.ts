import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { outbox } from './schema';

// The outbox's rows and their life (docs/operations.md 'The outbox'): queued in the event's
// transaction, claimed by one sender under a lease, then sent, queued again for later, or failed.

export type OutboxRow = typeof outbox.$inferSelect;
/**
 * queued → sent or failed. A message held for its person's daily digest is 'digest' until the
 * digest that tells it is queued, then 'digested' (it is never sent on its own).
 */
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'digest' | 'digested';

export interface NewOutboxMessage {
  channel: string;
  kind: string;
  recipientId?: number | null;
  payload: Record<string, unknown>;
  /** a rerun of a scheduled job with the same key queues nothing */
  dedupeKey?: string;
  /** the domain of the stable message id (an e-mail's Message-ID is <…@domain>) */
  idDomain: string;
  /** 'digest': held for the person's daily digest instead of sent */
  status?: 'queued' | 'digest';
}

const messageIdFor = (domain: string) => `<${Date.now().toString(36)}.${randomBytes(9).toString('base64url')}@${domain}>`;

/**
 * Queues messages in the caller's transaction in one statement; a message whose dedupe key is
 * already queued or sent is left out of the answer. Each message id is made here, once, so every
 * attempt carries the same one.
 */
export async function enqueueMany(tx: DbOrTx, messages: readonly NewOutboxMessage[]): Promise<OutboxRow[]> {
  if (messages.length === 0) return [];
  return tx
    .insert(outbox)
    .values(messages.map((m) => ({
      channel: m.channel, kind: m.kind, recipientId: m.recipientId ?? null, payload: m.payload, messageId: messageIdFor(m.idDomain), dedupeKey: m.dedupeKey ?? null, status: m.status ?? 'queued',
    })))
    .onConflictDoNothing()
    .returning();
}

/** One message; null when its dedupe key is already queued or sent. */
export async function enqueue(tx: DbOrTx, message: NewOutboxMessage): Promise<OutboxRow | null> {
  return (await enqueueMany(tx, [message]))[0] ?? null;
}

/**
 * Takes up to `limit` due rows of these channels for `holder` until the lease runs out. FOR UPDATE
 * SKIP LOCKED lets several hubs on one PostgreSQL claim at once without taking the same row; a row
 * whose lease lapsed (its hub died mid-send) is due again.
 */
export async function claimDue(db: Db, holder: string, channels: readonly string[], limit: number, leaseMs: number, now = new Date()): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  const result = await db.execute(sql`
    update outbox set lease_holder = ${holder}, lease_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'queued' and next_attempt_at <= ${now}
        and channel in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)})
        and (lease_until is null or lease_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: number }>(result).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(outbox).where(sql`${outbox.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`).orderBy(outbox.id);
}

/** How long a message is retried before it is marked failed. */
export const RETRY_FOR_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 3600_000;

/**
 * When the next attempt is due after `attempts` failed ones: doubling from 30 s up to an hour,
 * spread by ±50 % so that messages that failed together (the relay was down) do not come back
 * together; null once that is past a day after the message was (last) queued.
 */
export function nextAttempt(attempts: number, queuedAt: Date, now: Date, random: () => number = Math.random): Date | null {
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS) * (0.5 + random());
  const at = new Date(now.getTime() + wait);
  return at.getTime() - queuedAt.getTime() > RETRY_FOR_MS ? null : at;
}

const held = (id: number, holder: string) => and(eq(outbox.id, id), eq(outbox.leaseHolder, holder));

export async function markSent(db: Db, row: OutboxRow, holder: string, now = new Date()): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: now, leaseHolder: null, leaseUntil: null, lastError: null }).where(held(row.id, holder));
}

/** A permanent refusal: kept, with its error, for the admins to see and resend. */
export async function markFailed(db: Db, row: OutboxRow, holder: string, error: string, now = new Date()): Promise<void> {
  await db.update(outbox).set({ status: 'failed', failedAt: now, lastError: error, leaseHolder: null, leaseUntil: null }).where(held(row.id, holder));
}

/** A transient failure: due again later, or failed once it has been retried for a day. Answers which. */
export async function markRetry(db: Db, row: OutboxRow, holder: string, error: string, now = new Date()): Promise<'queued' | 'failed'> {
  const at = nextAttempt(row.attempts, row.queuedAt, now);
  if (!at) {
    await markFailed(db, row, holder, `${error} (retried for a day)`, now);
    return 'failed';
  }
  await db.update(outbox).set({ nextAttemptAt: at, lastError: error, leaseHolder: null, leaseUntil: null }).where(held(row.id, holder));
  return 'queued';
}

/**
 * An admin's resend of a failed message (a webhook's log sends a delivered one again too): queued
 * again, due now, with the same message id.
 */
export async function requeue(db: Db, id: number, channel: string, from: readonly OutboxStatus[] = ['failed']): Promise<OutboxRow | null> {
  const rows = await db
    .update(outbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), queuedAt: new Date(), failedAt: null, leaseHolder: null, leaseUntil: null })
    .where(and(eq(outbox.id, id), eq(outbox.channel, channel), inArray(outbox.status, [...from])))
    .returning();
  return rows[0] ?? null;
}

export type OutboxCounts = Record<'queued' | 'sent' | 'failed' | 'digest', number>;

export async function outboxCounts(db: DbOrTx, channel: string): Promise<OutboxCounts> {
  const rows = await db.select({ status: outbox.status, n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.channel, channel)).groupBy(outbox.status);
  const counts: OutboxCounts = { queued: 0, sent: 0, failed: 0, digest: 0 };
  for (const { status, n } of rows) if (status in counts) counts[status as keyof OutboxCounts] = Number(n);
  return counts;
}

/** Queued rows per channel, for the metrics' outbox depth. */
export async function queuedByChannel(db: DbOrTx): Promise<Array<{ channel: string; queued: number }>> {
  const rows = await db.select({ channel: outbox.channel, queued: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.status, 'queued')).groupBy(outbox.channel);
  return rows.map((r) => ({ channel: r.channel, queued: Number(r.queued) }));
}

/** The newest messages with an error: the failed ones, and the queued ones being retried. */
export async function lastErrors(db: DbOrTx, channel: string, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(and(eq(outbox.channel, channel), sql`${outbox.lastError} is not null`)).orderBy(desc(sql`coalesce(${outbox.failedAt}, ${outbox.nextAttemptAt})`), desc(outbox.id)).limit(limit);
}
