import { pgTable, text, timestamp, integer } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

// An admin marks a platform's desktop release required; apps older than it update at
// their next start (GET /api/desktop/policy). One row per platform; no row, nothing required.
// The releases themselves are files in HUB_RELEASES_DIR, not rows.

export const desktopRequiredVersions = pgTable('desktop_required_versions', {
  platform: text('platform').primaryKey(), // shared/api/desktop.ts DESKTOP_PLATFORMS
  version: text('version').notNull(),
  markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
  markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
