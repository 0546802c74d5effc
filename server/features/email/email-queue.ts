import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { byEmail } from '../../../shared/api/notification-settings';
import { EMAIL_HOURLY_CAP, type NotificationKind } from '../../../shared/api/notifications';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { channelOfRow, notificationSettings } from '../notifications';
import { enqueueMany, outbox, type NewOutboxMessage, type OutboxRow } from '../outbox';
import { SECURITY_EMAIL_KINDS, UNHELD_EMAIL_KINDS, type EmailKind, type EmailParams } from './email-kinds';
import type { EmailPayload } from './email-render';
import { DIGEST_UNSUBSCRIBES, forgetLinkKey, linkKey, unsubscribeToken, type UnsubscribeTarget } from './email-links';

// E-mails queued in the event's transaction (docs/operations.md 'The outbox'), to the people it
// concerns: never to the one who acted, never to an archived or erased person, never to someone
// whose channel for the kind is in the app only or off, and never with a title the recipient may
// not see.

/**
 * Whether this process's hub sends e-mail, and the domain of its message ids. A hub process runs
 * one hub (the CLI, the desktop app's embedded hub, a test file's), and the environment that
 * configures its relay is the process's, so the switch is too: buildApp sets it from the hub's
 * configuration and its close clears it. Off, nothing is queued: a hub without a relay piles up
 * no messages that nobody will send.
 */
let sending: { idDomain: string; publicUrl: string } | null = null;

export function setEmailSending(to: { idDomain: string; publicUrl: string } | null): void {
  sending = to;
  forgetLinkKey();
}

/** Where a message's one-click unsubscribe link points (email-unsubscribe-routes.ts). */
export const UNSUBSCRIBE_PATH = '/email/unsubscribe';

export const EMAIL_CHANNEL = 'email';

export interface QueueOptions {
  /** the person who acted: they are not told of their own act */
  actorId?: number;
  /** the notification kind this message is: its channel (Settings → Notifications) says whether it goes now, in the digest or not at all */
  settingKind?: NotificationKind;
  /** the message names something (an objective's title) only some may see: asked per recipient */
  canSee?: (recipientId: number) => Promise<boolean>;
  /** scheduled messages: a rerun with the same key queues nothing (made per recipient) */
  dedupeKey?: (recipientId: number) => string;
  /** each row queued (the test e-mail tries its own at once) */
  queued?: (row: OutboxRow) => void;
}

/** E-mails this person had in the last hour, counted against EMAIL_HOURLY_CAP (what waits for a digest is not). */
const lastHour = sql<number>`(select count(*)::int from ${outbox} o
  where o.recipient_id = ${users.id} and o.channel = ${EMAIL_CHANNEL} and o.status in ('queued', 'sent', 'failed') and o.created_at > now() - interval '1 hour')`;

/**
 * Queues one message of `kind` per recipient who should get it; answers how many were queued.
 * Two statements: the recipients with their channel for the kind and their last hour's count,
 * then every row in one insert. A recipient whose channel is the digest, or who already had
 * EMAIL_HOURLY_CAP messages in the last hour (a burst of approvals goes into one e-mail, not
 * twenty), gets it in their daily digest.
 */
export async function queueEmails<K extends EmailKind>(tx: DbOrTx, kind: K, recipientIds: Iterable<number>, params: EmailParams[K], options: QueueOptions = {}): Promise<number> {
  if (!sending) return 0;
  const to = sending;
  const security = SECURITY_EMAIL_KINDS.includes(kind);
  const ids = [...new Set(recipientIds)].filter((id) => security || id !== options.actorId);
  if (ids.length === 0) return 0;
  const settingKind = security ? undefined : options.settingKind;
  const holdable = !security && !UNHELD_EMAIL_KINDS.includes(kind);
  const people = await tx
    .select({
      id: users.id, name: users.name, email: users.email,
      channel: notificationSettings.channel, enabled: notificationSettings.enabled, emailSwitch: notificationSettings.email,
      lastHour: holdable ? lastHour : sql<number>`0`,
    })
    .from(users)
    .leftJoin(notificationSettings, settingKind ? and(eq(notificationSettings.userId, users.id), eq(notificationSettings.kind, settingKind)) : sql`false`)
    .where(and(inArray(users.id, ids), eq(users.status, 'active'), isNotNull(users.email)));
  // a kind one may turn off carries its one-click unsubscribe, and so does each digest; a security message has none
  const digest = (DIGEST_UNSUBSCRIBES as readonly string[]).includes(kind) ? (kind as UnsubscribeTarget) : null;
  const target: UnsubscribeTarget | null = security ? null : (settingKind ?? digest);
  const key = target ? await linkKey(tx) : null;
  const messages: NewOutboxMessage[] = [];
  for (const person of people) {
    // no settings row joined (enabled is never null in one): the kind's default
    const stored = person.enabled === null ? undefined : { channel: person.channel, enabled: person.enabled, email: person.emailSwitch };
    const channel = settingKind ? channelOfRow(settingKind, stored) : 'email';
    if (!byEmail(channel)) continue;
    if (options.canSee && !(await options.canSee(person.id))) continue;
    const unsubscribeUrl = key && target ? `${to.publicUrl}${UNSUBSCRIBE_PATH}?t=${unsubscribeToken(key, person.id, target)}` : null;
    const payload: EmailPayload<K> = { to: person.email!, toName: person.name, params, unsubscribeUrl };
    const held = holdable && (channel === 'digest' || Number(person.lastHour) >= EMAIL_HOURLY_CAP);
    messages.push({
      channel: EMAIL_CHANNEL, kind, recipientId: person.id, payload: payload as unknown as Record<string, unknown>,
      dedupeKey: options.dedupeKey?.(person.id), idDomain: to.idDomain, status: held ? 'digest' : 'queued',
    });
  }
  const rows = await enqueueMany(tx, messages);
  for (const row of rows) options.queued?.(row);
  return rows.length;
}
