import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PurgedKind } from '../../../shared/rules/retention';
import { users } from '../../db/schema';

// Retention (docs/personal-data.md 'How long'): the scheduled job's runs (what each removed, on which hub), and the archived
// people the admins were already reminded about (once per archiving, not at every run).

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const retentionRuns = pgTable('retention_runs', {
  id: serial('id').primaryKey(),
  hub: text('hub').notNull(),
  startedAt: tstz('started_at').notNull().defaultNow(),
  finishedAt: tstz('finished_at'),
  status: text('status').notNull(), // running | succeeded | failed
  removed: jsonb('removed').$type<Partial<Record<PurgedKind, number>>>().notNull().default({}),
  reminded: integer('reminded').notNull().default(0),
});

export const retentionReminders = pgTable('retention_reminders', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** the archiving reminded about: archived again after a restore, the person is reminded about again */
  archivedAt: tstz('archived_at').notNull(),
  remindedAt: tstz('reminded_at').notNull().defaultNow(),
});
