import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/api/notifications';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

// The one-click unsubscribe link (RFC 8058) of a message: it works without signing in, for one
// person and one kind only, so it carries both, signed with a key every hub on the database
// shares (the settings row 'emailLinkKey', made on first use). A link changed by hand fails the
// signature.

const KEY_SETTING = 'emailLinkKey';
const keys = new WeakMap<object, Buffer>();

export async function linkKey(db: DbOrTx): Promise<Buffer> {
  const known = keys.get(db);
  if (known) return known;
  await db.insert(settings).values({ key: KEY_SETTING, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY_SETTING));
  const key = Buffer.from(String(row.value), 'hex');
  keys.set(db, key);
  return key;
}

const signature = (key: Buffer, body: string) => createHmac('sha256', key).update(`unsubscribe:${body}`).digest('base64url');

export function unsubscribeToken(key: Buffer, userId: number, kind: NotificationKind): string {
  const body = `${userId}.${kind}`;
  return `${body}.${signature(key, body)}`;
}

/** The person and kind a token was made for; null for anything else (tampered, truncated, made up). */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: number; kind: NotificationKind } | null {
  const match = /^(\d{1,10})\.([a-z_]{1,40})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, kind, given] = match;
  const expected = Buffer.from(signature(key, `${id}.${kind}`));
  if (!timingSafeEqual(expected, Buffer.from(given)) || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  return { userId: Number(id), kind: kind as NotificationKind };
}
