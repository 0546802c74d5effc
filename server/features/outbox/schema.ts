import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

// docs/operations.md 'E-mail' → 'The outbox': what the hub has to send to the world outside it (an
// e-mail now, a webhook delivery as well), one row written in the same transaction as the event
// that causes it, so a rolled-back change sends nothing and a hub that dies after the commit
// loses nothing. A sender of any hub takes due rows under a lease and marks each sent, retried
// later or failed.

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  /** who delivers it: 'email' (server/features/email) */
  channel: text('channel').notNull(),
  /** what it tells (approval_requested, test, …): the template it is rendered with, and the metrics' label */
  kind: text('kind').notNull(),
  /** the person it is for, when it is for a person (gone: the row stays for the counts, and is not sent) */
  recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'set null' }),
  /** what the channel needs to deliver it; rendered at send time, so a retry sends the same message */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  /** the same on every attempt (an e-mail's Message-ID), so a receiver can tell a retry from a new message */
  messageId: text('message_id').notNull(),
  /** scheduled messages (a deadline, a week's digest) carry one, so a rerun queues nothing twice */
  dedupeKey: text('dedupe_key'),
  /** queued → sent, or failed (permanently refused, or retried for a day in vain) */
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
  /** a sender holding the row until then; a lease that lapsed belongs to a hub that died */
  leaseHolder: text('lease_holder'),
  leaseUntil: tstz('lease_until'),
  lastError: text('last_error'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  /** when it was last queued (made, or resent by an admin): retries stop a day after */
  queuedAt: tstz('queued_at').notNull().defaultNow(),
  sentAt: tstz('sent_at'),
  failedAt: tstz('failed_at'),
}, (t) => [
  // what the senders poll: the queued rows by when they are due
  index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  uniqueIndex('outbox_dedupe_idx').on(t.channel, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  index('outbox_status_idx').on(t.status, t.channel),
  index('outbox_recipient_idx').on(t.recipientId, t.createdAt),
]);
