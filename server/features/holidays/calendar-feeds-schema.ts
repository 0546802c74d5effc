import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

// Calendar feeds (docs/api.md 'Calendar feeds'): one row per feed a person turned on. Only a hash of the feed's secret
// is kept (as for sessions), so a stolen database holds no working subscription URL; turning a feed
// off deletes its row, and renewing replaces the hash, so the old URL answers 404 at once.

export const calendarFeeds = pgTable('calendar_feeds', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** 'own', 'public', 'objectives' or 'team-<id>' (shared/rules/calendar-feeds.ts) */
  feed: text('feed').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('calendar_feeds_user_feed_idx').on(t.userId, t.feed),
  uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash),
]);
