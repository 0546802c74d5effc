import { boolean, integer, pgEnum, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { THEME_CHOICES } from '../../../shared/api/preferences';
import { users } from '../../db/schema';

// Themes: each person's display preferences. A missing row means the defaults, so
// only people who chose something have one.

export const themeChoice = pgEnum('theme_choice', THEME_CHOICES);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  theme: themeChoice('theme').notNull().default('system'),
  /** the release before's one digest choice: read once by migration 0022 into each kind's channel, written by nothing since */
  emailDigest: boolean('email_digest').notNull().default(false),
  /** Monday's digest of the teams one leads or manages (Settings → Notifications) */
  weeklyDigest: boolean('weekly_digest').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
