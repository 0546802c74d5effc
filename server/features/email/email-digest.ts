import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { EMAIL_DIGEST_HOUR } from '../../../shared/api/notifications';
import { isoDay } from '../../../shared/rules/dates';
import type { Db } from '../../db/client';
import type { JobLog, ScheduledJob } from '../../scheduler';
import { outbox } from '../outbox';
import { EMAIL_KINDS, type EmailKind } from './email-kinds';
import type { EmailPayload } from './email-render';
import { EMAIL_CHANNEL, queueEmails } from './email-queue';

// The daily digest (docs/operations.md 'Digests'): the messages held for a person (they chose the
// digest, or passed the hourly cap) go in one e-mail at EMAIL_DIGEST_HOUR of the hub's time zone.
// A job of the hub's scheduler under its lease; each person's digest of a day carries a dedupe
// key, so another hub, a restart or the next run queues it once.

export const DAILY_DIGEST_JOB = 'email:daily-digest';
export const DAILY_DIGEST_INTERVAL_MS = 15 * 60 * 1000;

/** What a held row said, as its own message's subject would have. */
function subjectOf(row: typeof outbox.$inferSelect): string {
  const kind = row.kind as EmailKind;
  const payload = row.payload as unknown as EmailPayload;
  return EMAIL_KINDS[kind].subject(payload.params as never);
}

/** One run: answers how many digests it queued. Before the digest's hour, nothing. */
export async function sendDailyDigests(db: Db, now: Date = new Date()): Promise<number> {
  if (now.getHours() < EMAIL_DIGEST_HOUR) return 0;
  const day = isoDay(now);
  const waiting = await db
    .selectDistinct({ recipientId: outbox.recipientId })
    .from(outbox)
    .where(and(eq(outbox.channel, EMAIL_CHANNEL), eq(outbox.status, 'digest'), isNotNull(outbox.recipientId)))
    .orderBy(asc(outbox.recipientId));
  let queued = 0;
  for (const { recipientId } of waiting) {
    const person = recipientId!;
    queued += await db.transaction(async (tx) => {
      // another hub's run may hold them: it tells them, this one moves on
      const rows = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipientId, person), eq(outbox.channel, EMAIL_CHANNEL), eq(outbox.status, 'digest')))
        .orderBy(asc(outbox.id))
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const key = `daily-digest:${person}:${day}`;
      const items = rows.map((row) => ({ subject: subjectOf(row), at: row.createdAt.toISOString() }));
      const made = await queueEmails(tx, 'daily_digest', [person], { items }, { dedupeKey: () => key });
      if (made === 0) {
        const [today] = await tx.select({ id: outbox.id }).from(outbox).where(and(eq(outbox.channel, EMAIL_CHANNEL), eq(outbox.dedupeKey, key)));
        // today's digest went already: these wait for tomorrow's
        if (today) return 0;
      }
      // told in the digest, or for nobody now (archived, no address): never sent on their own
      await tx.update(outbox).set({ status: 'digested' }).where(inArray(outbox.id, rows.map((r) => r.id)));
      return made;
    });
  }
  return queued;
}

/** The daily digest as a job of the hub's scheduler, named for its lease. */
export function emailJobs(db: Db, log: JobLog): Record<typeof DAILY_DIGEST_JOB, ScheduledJob> {
  return {
    [DAILY_DIGEST_JOB]: {
      intervalMs: DAILY_DIGEST_INTERVAL_MS,
      async run(now?: Date) {
        const digests = await sendDailyDigests(db, now);
        if (digests > 0) log.info({ job: DAILY_DIGEST_JOB, digests }, 'daily e-mail digests queued');
      },
    },
  };
}
