import { and, count, desc, asc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { inTheApp } from '../../../shared/api/notification-settings';
import { type Notification, type NotificationKind, type NotificationList } from '../../../shared/api/notifications';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type DbOrTx } from '../../db/client';
import { channelsFor } from './notification-settings';
import { notifications } from './schema';
import { notFound } from '../../http-errors';

// Notifications are rows written by the hub inside the transaction of the event
// that causes them, so a change that fails (or is rolled back) leaves none behind. The same
// transaction raises a PostgreSQL NOTIFY, which the server delivers only on commit.

export const NOTIFY_CHANNEL = 'hub_notifications';
export const NOT_FOUND_NOTIFICATION = 'There is no such notification.';

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** scheduled reminders: a rerun with the same key inserts nothing */
  dedupeKey?: string;
  /** an approval request's objective: deciding it marks the request done (markApprovalRequestsDone) */
  objectiveId?: number;
}

type NotificationRow = typeof notifications.$inferSelect;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link,
    createdAt: row.createdAt.toISOString(), readAt: row.readAt ? row.readAt.toISOString() : null,
    doneAt: row.doneAt ? row.doneAt.toISOString() : null,
  };
}

/** Recipients whose channel for this kind is off: the bell does not tell them (a missing settings row is the kind's default). */
async function mutedRecipients(tx: DbOrTx, userIds: readonly number[], kind: NotificationKind): Promise<Set<number>> {
  const channels = await channelsFor(tx, userIds, kind);
  return new Set([...channels].filter(([, channel]) => !inTheApp(channel)).map(([id]) => id));
}

/** pg_advisory_xact_lock(class, user id) class of notification writes: 'NOTF' in ASCII. */
const WRITE_LOCK_CLASS = 0x4e4f5446;

/**
 * Resumable streams (docs/api.md 'The notification stream'): a stream resumes from the last notification id the client saw, so
 * one user's notifications must become visible in id order. Two transactions notifying the same
 * person could otherwise commit out of order (id 11 seen, then 10 committed and never sent). This
 * transaction-scoped lock per recipient makes the next writer wait until this one commits; taken
 * in ascending user order so two writers never wait on each other (a transaction that notifies
 * several times locks everyone first, as the reminders do). Call it inside a transaction.
 */
export async function lockNotificationWrites(tx: DbOrTx, userIds: Iterable<number>): Promise<void> {
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK_CLASS}::int, ${userId}::int)`);
  }
}

/**
 * Writes one notification per recipient in the caller's transaction, skipping the actor (nobody is
 * told about their own act) and those who switched the kind off. Returns the rows written.
 */
export async function notify(tx: DbOrTx, recipients: Iterable<number>, n: NewNotification, actorId?: number): Promise<Notification[]> {
  const ids = [...new Set(recipients)].filter((id) => id !== actorId);
  if (ids.length === 0) return [];
  const muted = await mutedRecipients(tx, ids, n.kind);
  const targets = ids.filter((id) => !muted.has(id));
  if (targets.length === 0) return [];
  await lockNotificationWrites(tx, targets);
  const rows = await tx
    .insert(notifications)
    .values(targets.map((userId) => ({
      userId, kind: n.kind, title: n.title, body: n.body, link: n.link, dedupeKey: n.dedupeKey ?? null, objectiveId: n.objectiveId ?? null,
    })))
    .onConflictDoNothing()
    .returning();
  // Delivered by the server when (and only if) the transaction commits; one per user is enough
  // for the listeners, which then fetch what is new.
  for (const userId of new Set(rows.map((r) => r.userId))) {
    await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${String(userId)})`);
  }
  return rows.map(toNotification);
}

/**
 * An objective's approval request was decided (approved, sent back, or settled by someone who
 * needs no approval): every approver's copy of it is done, and read, whoever decided. Returns how
 * many were marked. Call it in the deciding transaction.
 */
export async function markApprovalRequestsDone(tx: DbOrTx, objectiveId: number, now = new Date()): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ doneAt: now, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.objectiveId, objectiveId), eq(notifications.kind, 'approval_requested'), isNull(notifications.doneAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export interface ListOptions {
  unread?: boolean;
  since?: number;
  page: number;
  limit: number;
}

/** GET /notifications: one's own only, newest first (with since: the newer ones, oldest first). */
export async function listNotifications(db: DbOrTx, actor: Actor, options: ListOptions): Promise<NotificationList> {
  const where = and(
    eq(notifications.userId, actor.id),
    options.unread ? isNull(notifications.readAt) : undefined,
    options.since !== undefined ? gt(notifications.id, options.since) : undefined,
  );
  const order = options.since !== undefined ? [asc(notifications.id)] : [desc(notifications.createdAt), desc(notifications.id)];
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(...order).limit(options.limit).offset((options.page - 1) * options.limit),
    db.select({ total: count() }).from(notifications).where(where),
    db.select({ unread: count() }).from(notifications).where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt))),
  ]);
  return { items: rows.map(toNotification), total, page: options.page, limit: options.limit, unreadCount: unread };
}

/** The newest notification id of this person (0: none yet), where a fresh stream starts. */
export async function newestNotificationId(db: DbOrTx, actor: Actor): Promise<number> {
  const [row] = await db.select({ newest: max(notifications.id) }).from(notifications).where(eq(notifications.userId, actor.id));
  return row?.newest ?? 0;
}

/**
 * The highest notification id this database has handed out. A stream told to resume after a
 * higher one holds an id from elsewhere (a database restored from an older backup, whose ids go
 * on from there): resuming after it would skip every new notification up to it.
 */
export async function highestNotificationIdIssued(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ last: string | number; called: boolean }>(await db.execute(sql`select last_value as last, is_called as called from notifications_id_seq`));
  return row?.called ? Number(row.last) : 0;
}

/** POST /notifications/:id/read: another user's notification is a 404, as if it did not exist. */
export async function markRead(db: DbOrTx, actor: Actor, id: number): Promise<{ id: number; readAt: string }> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ id: notifications.id, readAt: notifications.readAt });
  if (!row || !row.readAt) throw notFound(NOT_FOUND_NOTIFICATION);
  return { id: row.id, readAt: row.readAt.toISOString() };
}

export async function markAllRead(db: DbOrTx, actor: Actor): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
