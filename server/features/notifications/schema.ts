import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS } from '../../../shared/api/notification-settings';
import { NOTIFICATION_KINDS } from '../../../shared/api/notifications';
import { objectives, users } from '../../db/schema';

// In-app notifications, written in the same transaction as the event.

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const notificationChannel = pgEnum('notification_channel', NOTIFICATION_CHANNELS);

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: notificationKind('kind').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** the app path the notification opens (e.g. /objective-tracking/approvals) */
  link: text('link').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  readAt: tstz('read_at'),
  /** Scheduled reminders carry one (objective + deadline, user + week) so a rerun inserts nothing. */
  dedupeKey: text('dedupe_key'),
  /** The objective an approval request is about, so deciding it marks every approver's copy done. */
  objectiveId: integer('objective_id').references(() => objectives.id, { onDelete: 'cascade' }),
  /** When what it asked for was settled (an approval request decided, by anyone). */
  doneAt: tstz('done_at'),
}, (t) => [
  index('notifications_user_read_created_idx').on(t.userId, t.readAt, t.createdAt.desc()),
  uniqueIndex('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  // the retention job deletes read ones by when they were read
  index('notifications_read_idx').on(t.readAt).where(sql`${t.readAt} is not null`),
  // the open approval requests of an objective, found when it is decided
  index('notifications_objective_open_idx').on(t.objectiveId).where(sql`${t.objectiveId} is not null and ${t.doneAt} is null`),
]);

/** A missing row means the kind's default channel: only the kinds a person chose are stored. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: notificationKind('kind').notNull(),
  /**
   * The person's channel (shared/api/notification-settings.ts). Null only on a row a hub of the
   * release before wrote during a rolling upgrade: read from `enabled` and `email` then.
   */
  channel: notificationChannel('channel'),
  /** kept in step with the channel (not 'off') for the hubs of the release before; read from the channel */
  enabled: boolean('enabled').notNull(),
  /** kept in step with the channel (e-mail now or in the digest) for the hubs of the release before */
  email: boolean('email'),
}, (t) => [primaryKey({ columns: [t.userId, t.kind] })]);
