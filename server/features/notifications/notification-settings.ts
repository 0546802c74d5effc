import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  byEmail,
  channelsOf,
  defaultChannel,
  inTheApp,
  type NotificationChannel,
  type NotificationSetting,
  type NotificationSettingChange,
} from '../../../shared/api/notification-settings';
import { ADMIN_NOTIFICATION_KINDS, EMAIL_NOTIFICATION_KINDS, NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/api/notifications';
import { canAdminister } from '../../../shared/rules/admin-access';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { notificationSettings } from './schema';

// Each person's channel per kind (docs/api.md 'Notification settings'). A missing row is the
// kind's default; the `enabled` and `email` columns are written in step with the channel so the
// hubs of the release before read what the person chose during a rolling upgrade.

type StoredColumns = Pick<typeof notificationSettings.$inferSelect, 'channel' | 'enabled' | 'email'>;

/**
 * A kind's channel from its stored row (or none). This release writes `enabled` and `email` in
 * step with the channel; a row without a channel, or whose switches no longer match it, was
 * written or changed since by a hub of the release before (a rolling upgrade), and its switches
 * say what the person chose last.
 */
export function channelOfRow(kind: NotificationKind, row: StoredColumns | undefined): NotificationChannel {
  if (!row) return defaultChannel(kind);
  const emailed = EMAIL_NOTIFICATION_KINDS.includes(kind);
  if (row.channel && inTheApp(row.channel) === row.enabled && (!emailed || byEmail(row.channel) === row.email)) return row.channel;
  if (!emailed || row.email === false) return row.enabled ? 'in_app' : 'off';
  if (row.email === null) return defaultChannel(kind);
  return row.channel === 'digest' ? 'digest' : 'email';
}

/**
 * The channel an app of before means with its two switches: the bell off is off (unless it also
 * says e-mail on, which is kept, bell and all); e-mail off is in the app; e-mail on keeps the
 * digest for a kind already there; the bell on alone leaves the e-mail as it was.
 */
export function channelFromSwitches(kind: NotificationKind, current: NotificationChannel, enabled: boolean, email: boolean | undefined): NotificationChannel {
  if (!channelsOf(kind).includes('email')) return enabled ? 'in_app' : 'off';
  if (email === false) return enabled ? 'in_app' : 'off';
  if (email === true) return current === 'digest' ? 'digest' : 'email';
  if (!enabled) return 'off';
  return current === 'off' ? 'in_app' : current;
}

/** The channels of `kind` for these people, one query. */
export async function channelsFor(tx: DbOrTx, userIds: readonly number[], kind: NotificationKind): Promise<Map<number, NotificationChannel>> {
  const rows = userIds.length === 0 ? [] : await tx
    .select({ userId: notificationSettings.userId, channel: notificationSettings.channel, enabled: notificationSettings.enabled, email: notificationSettings.email })
    .from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, [...userIds]), eq(notificationSettings.kind, kind)));
  const stored = new Map(rows.map((r) => [r.userId, r]));
  return new Map(userIds.map((id) => [id, channelOfRow(kind, stored.get(id))]));
}

const settingOf = (kind: NotificationKind, channel: NotificationChannel): NotificationSetting => ({
  kind, channel, enabled: inTheApp(channel), ...(EMAIL_NOTIFICATION_KINDS.includes(kind) ? { email: byEmail(channel) } : {}),
});

/** The kinds a person can receive: the retention reminder goes to admins only, so nobody else gets a choice that does nothing. */
const kindsFor = (actor: Actor) => (canAdminister(actor) ? NOTIFICATION_KINDS : NOTIFICATION_KINDS.filter((kind) => !ADMIN_NOTIFICATION_KINDS.includes(kind)));

async function storedChannels(db: DbOrTx, userId: number): Promise<Map<NotificationKind, NotificationChannel>> {
  const rows = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const stored = new Map(rows.map((r) => [r.kind, r]));
  return new Map(NOTIFICATION_KINDS.map((kind) => [kind, channelOfRow(kind, stored.get(kind))]));
}

/** Every kind the person can receive, with its channel. */
export async function notificationSettingsOf(db: DbOrTx, actor: Actor): Promise<{ items: NotificationSetting[] }> {
  const channels = await storedChannels(db, actor.id);
  return { items: kindsFor(actor).map((kind) => settingOf(kind, channels.get(kind)!)) };
}

/** Stores these kinds' channels in one statement. */
export async function storeChannels(db: DbOrTx, userId: number, channels: ReadonlyMap<NotificationKind, NotificationChannel>): Promise<void> {
  if (channels.size === 0) return;
  await db
    .insert(notificationSettings)
    .values([...channels].map(([kind, channel]) => ({ userId, kind, channel, enabled: inTheApp(channel), email: byEmail(channel) })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { channel: sql`excluded.channel`, enabled: sql`excluded.enabled`, email: sql`excluded.email` },
    });
}

/**
 * PUT: the kinds named (the last item of a kind wins), and an app of before's one digest choice:
 * true moves every kind that comes by e-mail now into the digest, false brings them back.
 */
export async function saveNotificationSettings(db: DbOrTx, actor: Actor, items: readonly NotificationSettingChange[], emailDigest?: boolean): Promise<{ items: NotificationSetting[] }> {
  const current = await storedChannels(db, actor.id);
  const changed = new Map<NotificationKind, NotificationChannel>();
  for (const item of items) {
    const now = changed.get(item.kind) ?? current.get(item.kind)!;
    changed.set(item.kind, item.channel ?? channelFromSwitches(item.kind, now, item.enabled!, item.email));
  }
  if (emailDigest !== undefined) {
    const [from, to] = emailDigest ? (['email', 'digest'] as const) : (['digest', 'email'] as const);
    for (const kind of EMAIL_NOTIFICATION_KINDS) if ((changed.get(kind) ?? current.get(kind)) === from) changed.set(kind, to);
  }
  await storeChannels(db, actor.id, changed);
  return notificationSettingsOf(db, actor);
}

/** The daily digest's unsubscribe: every kind the person takes in the digest is in the app only from now on. */
export async function leaveDailyDigest(db: DbOrTx, userId: number): Promise<void> {
  const current = await storedChannels(db, userId);
  await storeChannels(db, userId, new Map([...current].filter(([, channel]) => channel === 'digest').map(([kind]) => [kind, 'in_app' as const])));
}

/** A kind's unsubscribe link: by e-mail (now or in the digest) becomes in the app only; in the app or off stays so. */
export async function leaveEmailOf(db: DbOrTx, userId: number, kind: NotificationKind): Promise<void> {
  const current = (await storedChannels(db, userId)).get(kind)!;
  if (byEmail(current)) await storeChannels(db, userId, new Map([[kind, 'in_app' as const]]));
}
