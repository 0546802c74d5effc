import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CONFIDENCES } from '../../../shared/rules/check-ins';
import { keyResults, users } from '../../db/schema';

// Check-ins: progress recorded on a key result over time. The newest check-in per key result is
// read for every objective card, hence the (key_result_id, created_at desc) index.

export const checkInConfidence = pgEnum('check_in_confidence', CONFIDENCES);

export const keyResultCheckIns = pgTable('key_result_check_ins', {
  id: serial('id').primaryKey(),
  keyResultId: integer('key_result_id').notNull().references(() => keyResults.id, { onDelete: 'cascade' }),
  percent: integer('percent').notNull(),
  confidence: checkInConfidence('confidence').notNull(),
  comment: text('comment').notNull().default(''),
  authorId: integer('author_id').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('key_result_check_ins_kr_created_idx').on(t.keyResultId, t.createdAt.desc(), t.id.desc()),
  check('key_result_check_ins_percent_range', sql`${t.percent} between 0 and 100`),
  // the hub's schema caps comments at 1000 characters; the database backs it up
  check('key_result_check_ins_comment_length', sql`char_length(${t.comment}) <= 1000`),
]);

export type CheckInRecord = typeof keyResultCheckIns.$inferSelect;
