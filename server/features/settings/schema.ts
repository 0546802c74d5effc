import { boolean, integer, pgEnum, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { THEME_CHOICES } from '../../../shared/api/preferences';
import { users } from '../../db/schema';

// Themes: each person's display preferences. A missing row means the defaults, so
// only people who chose something have one.

export const themeChoice = pgEnum('theme_choice', THEME_CHOICES);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  theme: themeChoice('theme').notNull().default('system'),
  /** e-mail once a day in one digest instead of a message per event (Settings → Notifications → By e-mail) */
  emailDigest: boolean('email_digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
