import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import { userAgentSummary } from '../../../shared/rules/user-agent-summary';
import { queueEmails } from '../email';

// design §3: opaque random bearer tokens, stored only as a hash, with expiry; logout revokes.
// A stolen database therefore holds no usable token.

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Every request hashes its token: the one-shot form makes no Hash object (under half the time). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Settings → Sessions: what lets a person recognise a session they opened. */
export interface SessionOrigin {
  client: 'desktop' | 'web';
  userAgent: string | null;
  address: string | null;
}

export async function createSession(db: DbOrTx, userId: number, now = new Date(), origin?: SessionOrigin): Promise<{ token: string; expiresAt: Date }> {
  if (origin) await tellOfNewDevice(db, userId, origin, now);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token), userId, expiresAt, createdAt: now,
    ...(origin ? { client: origin.client, userAgent: origin.userAgent, createdAddress: origin.address } : {}),
  });
  return { token, expiresAt };
}

/**
 * A security e-mail when a sign-in comes from a browser and system (or the desktop app) that none
 * of the person's sessions still on record had, open or ended within Admin → Retention's period
 * (docs/operations.md 'What the hub sends'). A person's very first sign-in, with nothing to
 * compare, tells nothing. Versions are not compared: a browser's update is not a new device.
 */
async function tellOfNewDevice(db: DbOrTx, userId: number, origin: SessionOrigin, now: Date): Promise<void> {
  const seen = await db.select({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, userId));
  if (seen.length === 0) return;
  // 'Firefox on Linux', 'Bitstone Hub app on Windows': what Settings → Sessions shows
  const here = userAgentSummary(origin.userAgent);
  if (seen.some((s) => userAgentSummary(s.userAgent) === here)) return;
  await queueEmails(db, 'new_device_sign_in', [userId], { device: here, address: origin.address, at: now.toISOString() });
}

/**
 * Archiving, a password change (all but the current session) and an admin's reset end
 * a person's sessions. Deleted rather than revoked, so nothing can bring them back.
 */
export async function endSessionsOf(db: DbOrTx, userId: number, options: { except?: number; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), options.except === undefined ? undefined : ne(sessions.id, options.except)))
    .returning({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt });
  // how many were still usable: the count a person is told
  return ended.filter((s) => s.revokedAt === null && s.expiresAt > now).length;
}

export async function revokeSession(db: DbOrTx, sessionId: number, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
