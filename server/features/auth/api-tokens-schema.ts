import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

// Personal API tokens (docs/api.md 'API tokens'). Only the SHA-256 of a token is kept (SECURITY.md
// 'API tokens'), so a copy of the database holds none that works. Revoking deletes the row, as
// ending a session does, so nothing can bring a token back.

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** read | read-write | admin-read | admin-read-write (shared/rules/api-tokens.ts) */
  scope: text('scope').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
}, (t) => [
  uniqueIndex('api_tokens_token_idx').on(t.tokenHash),
  index('api_tokens_user_idx').on(t.userId),
]);

// When and where a token was last used: a table of its own, like session_activity, because a write
// to api_tokens flushes every hub's session cache (its trigger in the migration) and a use is not a change.
export const apiTokenActivity = pgTable('api_token_activity', {
  tokenId: integer('token_id').primaryKey().references(() => apiTokens.id, { onDelete: 'cascade' }),
  lastUsedAt: tstz('last_used_at').notNull(),
  lastAddress: text('last_address'),
});
