import { z } from 'zod';
import { envelope, pageQuerySchema } from './common';

// Notifications: GET /notifications, POST /notifications/:id/read, POST /notifications/read-all,
// GET/PUT /notifications/settings, GET /notifications/stream (server-sent events).

export const NOTIFICATION_KINDS = [
  'approval_requested',
  'objective_approved',
  'objective_sent_back',
  'evaluation_created',
  'objective_due_soon',
  'objective_overdue',
  'check_in_reminder',
  // admins hear once when an archived person is past the retention period
  'archived_past_retention',
  // alignment: an objective (or key result) now supports one of mine
  'objective_supported',
  // admins hear when the hub turned off a webhook endpoint that failed for three days
  'webhook_turned_off',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind' });
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * The kinds the hub also sends by e-mail when it has a relay (docs/operations.md 'What the hub
 * sends'): each has a channel of its own (shared/api/notification-settings.ts).
 */
export const EMAIL_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'approval_requested', 'objective_approved', 'objective_sent_back', 'evaluation_created', 'objective_due_soon', 'objective_overdue', 'check_in_reminder',
];

/**
 * The daily digest goes at this hour of the hub's time zone, with the kinds a person takes in the
 * digest and whatever was past EMAIL_HOURLY_CAP messages in an hour.
 */
export const EMAIL_DIGEST_HOUR = 8;
/** Immediate e-mails a person gets in an hour at most (security messages aside); the rest wait for the digest. */
export const EMAIL_HOURLY_CAP = 10;

/** The settings page's switch labels, one per kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  approval_requested: 'An objective is waiting for my approval',
  objective_approved: 'My objective was approved',
  objective_sent_back: 'My objective was sent back',
  evaluation_created: 'A new evaluation about me',
  objective_due_soon: 'An objective of mine is due in 3 days',
  objective_overdue: 'An objective of mine is overdue',
  check_in_reminder: 'Weekly check-in reminder',
  archived_past_retention: 'An archived person is past the retention period',
  objective_supported: 'An objective now supports one of mine',
  webhook_turned_off: 'A webhook was turned off after three days of failures',
};

/** Beside a notification whose request was settled (doneAt). */
export const NOTIFICATION_DONE_LABEL = 'Done';

/** Kinds only those who may administer receive (shared/rules/admin-access.ts): nobody else sees their switch. */
export const ADMIN_NOTIFICATION_KINDS: readonly NotificationKind[] = ['archived_past_retention', 'webhook_turned_off'];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** the app path to open, e.g. /objective-tracking/approvals */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /**
   * When what it asked for was settled: an approval request once the request is decided, by
   * anyone (it is then read too). Null while open, and for kinds that ask for nothing.
   */
  doneAt: z.string().nullable().default(null),
});
export type Notification = z.infer<typeof notificationSchema>;

const flag = z.enum(['true', 'false', '1', '0'], { error: 'Must be true or false' }).transform((v) => v === 'true' || v === '1');

export const notificationListQuerySchema = pageQuerySchema.extend({
  unread: flag.optional(),
  /** Only notifications newer than this id (the desktop app's poll, oldest first). */
  since: z.coerce.number({ error: 'Must be a notification id' }).int('Must be a notification id').min(0, 'Must be a notification id').max(2_147_483_647).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
export const notificationListResponseSchema = envelope(notificationListSchema);

export const notificationReadResponseSchema = envelope(z.object({ id: z.number().int(), readAt: z.string() }));
export const notificationsReadAllResponseSchema = envelope(z.object({ updated: z.number().int() }));

// The settings of each kind (GET/PUT /notifications/settings): shared/api/notification-settings.ts.

/** GET /notifications/stream without Accept: text/event-stream answers this once. */
export const notificationStreamSnapshotSchema = envelope(z.object({ unreadCount: z.number().int() }));

/**
 * GET /notifications/stream?last_event_id=: where to resume for a client that cannot send the
 * Last-Event-ID header (a new EventSource); the header, when sent, wins.
 */
export const notificationStreamQuerySchema = z.object({
  lastEventId: z.coerce.number({ error: 'Must be a notification id' }).int('Must be a notification id').min(0, 'Must be a notification id').max(2_147_483_647, 'Must be a notification id').optional(),
});

/**
 * SSE events on /notifications/stream (resumable). Every event's `id:` is a
 * notification id, the newest one the stream has delivered (or told the client to refetch up
 * to), so a client reconnecting with it as Last-Event-ID, to any hub, gets exactly what is newer.
 */
export const NOTIFICATION_STREAM_EVENT = 'notification';
/** The stream is open: the unread count. */
export const NOTIFICATION_STREAM_READY_EVENT = 'ready';
/** More were missed than a stream replays, or the resume point was unreadable: fetch the list again. */
export const NOTIFICATION_STREAM_RESYNC_EVENT = 'resync';
/** Most missed notifications a reconnecting stream replays before it sends resync instead. */
export const NOTIFICATION_REPLAY_CAP = 500;

export const notificationStreamEventSchema = z.object({ items: z.array(notificationSchema), unreadCount: z.number().int() });
export const notificationStreamReadySchema = z.object({ unreadCount: z.number().int() });
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;
export type NotificationStreamReady = z.infer<typeof notificationStreamReadySchema>;
/** The web client also refetches this often, in case a push was missed (a reconnect, a proxy). */
export const NOTIFICATION_POLL_MS = 60_000;
/** The desktop app's main process polls this often. */
export const DESKTOP_NOTIFICATION_POLL_MS = 30_000;
