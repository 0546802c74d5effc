import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { IDEMPOTENCY_WINDOW_MS } from '../../shared/api/idempotency';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema-idempotency';
import type { JobLog, ScheduledJob } from '../scheduler';

// docs/api.md 'Idempotency keys', the rows behind server/plugins/idempotency.ts. Every step is one
// statement another hub's may race with, and the primary key (person, key) decides the race.

/** How long a request in flight holds its key before another may take it over (its hub died). */
export const IDEMPOTENCY_LEASE_MS = 60_000;

export type KeyClaim =
  /** this request answers; it must complete or release the key */
  | { kind: 'claimed' }
  /** the first request's answer, to send again */
  | { kind: 'replay'; statusCode: number; response: string }
  /** the key was used for another request */
  | { kind: 'reused' }
  /** the first request is still being answered */
  | { kind: 'in-flight' };

const ofKey = (userId: number, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/**
 * Takes the key for this request, or says why not. A row past the 24 hours, or one whose request
 * was never answered and whose lease has lapsed, counts as no row: it is deleted and taken again.
 */
export async function claimKey(db: DbOrTx, claim: { userId: number; key: string; route: string; fingerprint: string }, now = new Date()): Promise<KeyClaim> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await db.insert(idempotencyKeys)
      .values({ ...claim, createdAt: now, leaseExpiresAt: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed' };
    const [row] = await db.select().from(idempotencyKeys).where(ofKey(claim.userId, claim.key));
    // released (its request failed) between the two statements: take it
    if (!row) continue;
    const expired = row.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_WINDOW_MS;
    if (!expired && row.fingerprint !== claim.fingerprint) return { kind: 'reused' };
    if (!expired && row.statusCode !== null && row.response !== null) return { kind: 'replay', statusCode: row.statusCode, response: row.response };
    if (!expired && row.leaseExpiresAt.getTime() > now.getTime()) return { kind: 'in-flight' };
    // only while it is still past its time: a row another request has just taken over stays
    await db.delete(idempotencyKeys).where(and(ofKey(claim.userId, claim.key), or(
      lte(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
      and(isNull(idempotencyKeys.statusCode), lte(idempotencyKeys.leaseExpiresAt, now)),
    )));
  }
  return { kind: 'in-flight' };
}

/** The claimed request succeeded: its answer is what the key answers from now on. */
export async function completeKey(db: DbOrTx, userId: number, key: string, statusCode: number, response: string): Promise<void> {
  await db.update(idempotencyKeys).set({ statusCode, response }).where(and(ofKey(userId, key), isNull(idempotencyKeys.statusCode)));
}

/** The claimed request failed: it created nothing, so the key is free to be tried again. */
export async function releaseKey(db: DbOrTx, userId: number, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(ofKey(userId, key), isNull(idempotencyKeys.statusCode)));
}

/** Deletes the keys past their 24 hours (they already count as unused); answers how many. */
export async function purgeExpiredKeys(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS))).returning({ key: idempotencyKeys.key });
  return gone.length;
}

export const IDEMPOTENCY_JOB = 'idempotency-keys';

/** Hourly, under its lease on the hub's scheduler: of several hubs one purges. */
export function idempotencyJobs(db: Db, log: JobLog): Record<typeof IDEMPOTENCY_JOB, ScheduledJob> {
  return {
    [IDEMPOTENCY_JOB]: {
      intervalMs: 60 * 60 * 1000,
      async run(now?: Date) {
        const removed = await purgeExpiredKeys(db, now ?? new Date());
        if (removed > 0) log.info({ job: IDEMPOTENCY_JOB, removed }, 'idempotency keys past 24 hours removed');
      },
    },
  };
}

