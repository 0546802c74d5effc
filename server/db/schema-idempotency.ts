import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

// docs/api.md 'Idempotency keys': a creating POST sent with an Idempotency-Key is one row per
// person and key, in the database so every hub on it sees it. The row is taken before the route
// runs (the primary key lets one request of several at once through) and holds the answer once it
// is a success, for 24 hours; a failure deletes it, so the same key may be tried again.

export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** the route it was used on, 'POST /api/objective' */
  route: text('route').notNull(),
  /** SHA-256 of the route, its path parameters and its body: the same key with another request is refused */
  fingerprint: text('fingerprint').notNull(),
  /** null while the first request is being answered */
  statusCode: integer('status_code'),
  /** the answer's JSON as it was sent */
  response: text('response'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** while in flight: after this another request with the key may take over (the hub answering it died) */
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.key] }),
  index('idempotency_keys_created_idx').on(t.createdAt),
]);
