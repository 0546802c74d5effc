import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { EMAIL_HOURLY_CAP, type NotificationKind } from '../../../shared/api/notifications';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { notificationSettings } from '../notifications';
import { enqueue, outbox, type OutboxRow } from '../outbox';
import { userPreferences } from '../settings';
import { SECURITY_EMAIL_KINDS, UNHELD_EMAIL_KINDS, type EmailKind, type EmailParams } from './email-kinds';
import type { EmailPayload } from './email-render';
import { linkKey, unsubscribeToken } from './email-links';

// E-mails queued in the event's transaction (docs/operations.md 'The outbox'), to the people it
// concerns: never to the one who acted, never to an archived or erased person, never to someone
// who turned the kind's e-mail off, and never with a title the recipient may not see.

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
}

/** Where a message's one-click unsubscribe link points (email-unsubscribe-routes.ts). */
export const UNSUBSCRIBE_PATH = '/email/unsubscribe';

export const EMAIL_CHANNEL = 'email';

export interface QueueOptions {
  /** the person who acted: they are not told of their own act */
  actorId?: number;
  /** the notification kind this message is: its e-mail switched off under Settings → Notifications, none is sent */
  settingKind?: NotificationKind;
  /** the message names something (an objective's title) only some may see: asked per recipient */
  canSee?: (recipientId: number) => Promise<boolean>;
  /** scheduled messages: a rerun with the same key queues nothing (made per recipient) */
  dedupeKey?: (recipientId: number) => string;
  /** each row queued (the test e-mail tries its own at once) */
  queued?: (row: OutboxRow) => void;
}

/**
 * Who gets this message in their daily digest rather than now: those who chose the digest, and
 * those who already had EMAIL_HOURLY_CAP messages in the last hour (a burst of approvals goes
 * into one e-mail, not twenty).
 */
async function heldForDigest(tx: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const [chose, busy] = await Promise.all([
    tx.select({ userId: userPreferences.userId }).from(userPreferences).where(and(inArray(userPreferences.userId, ids), eq(userPreferences.emailDigest, true))),
    tx.select({ userId: outbox.recipientId }).from(outbox)
      .where(and(inArray(outbox.recipientId, ids), eq(outbox.channel, EMAIL_CHANNEL), inArray(outbox.status, ['queued', 'sent', 'failed']), gt(outbox.createdAt, sql`now() - interval '1 hour'`)))
      .groupBy(outbox.recipientId)
      .having(sql`count(*) >= ${EMAIL_HOURLY_CAP}`),
  ]);
  return new Set([...chose.map((r) => r.userId), ...busy.map((r) => r.userId!)]);
}

/** Queues one message of `kind` per recipient who should get it; answers how many were queued. */
export async function queueEmails<K extends EmailKind>(tx: DbOrTx, kind: K, recipientIds: Iterable<number>, params: EmailParams[K], options: QueueOptions = {}): Promise<number> {
  if (!sending) return 0;
  const security = SECURITY_EMAIL_KINDS.includes(kind);
  const ids = [...new Set(recipientIds)].filter((id) => security || id !== options.actorId);
  if (ids.length === 0) return 0;
  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 'active'), isNotNull(users.email)));
  let muted = new Set<number>();
  if (options.settingKind && !security) {
    const off = await tx
      .select({ userId: notificationSettings.userId })
      .from(notificationSettings)
      .where(and(inArray(notificationSettings.userId, ids), eq(notificationSettings.kind, options.settingKind), eq(notificationSettings.email, false)));
    muted = new Set(off.map((r) => r.userId));
  }
  const held = security || UNHELD_EMAIL_KINDS.includes(kind) ? new Set<number>() : await heldForDigest(tx, people.map((p) => p.id));
  // a kind one may turn off carries its one-click unsubscribe; a security message has none
  const key = options.settingKind && !security ? await linkKey(tx) : null;
  let queued = 0;
  for (const person of people) {
    if (!person.email || muted.has(person.id)) continue;
    if (options.canSee && !(await options.canSee(person.id))) continue;
    const unsubscribeUrl = key && options.settingKind ? `${sending.publicUrl}${UNSUBSCRIBE_PATH}?t=${unsubscribeToken(key, person.id, options.settingKind)}` : null;
    const payload: EmailPayload<K> = { to: person.email, toName: person.name, params, unsubscribeUrl };
    const row = await enqueue(tx, {
      channel: EMAIL_CHANNEL, kind, recipientId: person.id, payload: payload as unknown as Record<string, unknown>,
      dedupeKey: options.dedupeKey?.(person.id), idDomain: sending.idDomain, status: held.has(person.id) ? 'digest' : 'queued',
    });
    if (row) {
      queued += 1;
      options.queued?.(row);
    }
  }
  return queued;
}
