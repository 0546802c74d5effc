import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/api/notifications';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

// The one-click unsubscribe link (RFC 8058) of a message: it works without signing in, for one
// person and one kind (or one of the two digests) only, so it carries both, signed with a key
// every hub on the database shares (the settings row 'emailLinkKey', made on first use). A link
// changed by hand fails the signature.

const KEY_SETTING = 'emailLinkKey';
/**
 * The key, read once: it never changes once made, and queueing a message should not ask the
 * database for it each time. A process runs one hub (email-queue.ts setEmailSending), whose start
 * and close forget it, so a test's next hub on another database reads its own.
 */
let known: Buffer | null = null;

export function forgetLinkKey(): void {
  known = null;
}

export async function linkKey(db: DbOrTx): Promise<Buffer> {
  if (known) return known;
  const [made] = await db.insert(settings).values({ key: KEY_SETTING, value: randomBytes(32).toString('hex') }).onConflictDoNothing().returning({ value: settings.value });
  // made in this transaction, which may yet roll back: remembered once it is read as the database's
  if (made) return Buffer.from(String(made.value), 'hex');
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY_SETTING));
  known = Buffer.from(String(row.value), 'hex');
  return known;
}

const signature = (key: Buffer, body: string) => createHmac('sha256', key).update(`unsubscribe:${body}`).digest('base64url');

/** What a link unsubscribes from: a kind's e-mail, or one of the two digests. */
export const DIGEST_UNSUBSCRIBES = ['daily_digest', 'weekly_digest'] as const;
export type UnsubscribeTarget = NotificationKind | (typeof DIGEST_UNSUBSCRIBES)[number];
const TARGETS: readonly string[] = [...NOTIFICATION_KINDS, ...DIGEST_UNSUBSCRIBES];

export function unsubscribeToken(key: Buffer, userId: number, target: UnsubscribeTarget): string {
  const body = `${userId}.${target}`;
  return `${body}.${signature(key, body)}`;
}

/** The person and target a token was made for; null for anything else (tampered, truncated, made up). */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: number; target: UnsubscribeTarget } | null {
  const match = /^(\d{1,10})\.([a-z_]{1,40})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, target, given] = match;
  const expected = Buffer.from(signature(key, `${id}.${target}`));
  if (!timingSafeEqual(expected, Buffer.from(given)) || !TARGETS.includes(target)) return null;
  return { userId: Number(id), target: target as UnsubscribeTarget };
}
