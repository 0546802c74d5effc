import { integer, pgEnum, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { THEME_CHOICES } from '../../../shared/api/preferences';
import { users } from '../../db/schema';

// Themes: each person's display preferences. A missing row means the defaults, so
// only people who chose something have one.

export const themeChoice = pgEnum('theme_choice', THEME_CHOICES);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  theme: themeChoice('theme').notNull().default('system'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
