import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OwnSession } from '../../../shared/api/sessions';
import { SESSIONS_MESSAGES } from '../../../shared/rules/messages';
import type { Db, DbOrTx } from '../../db/client';
import { sessionActivity, sessions } from '../../db/schema';
import { notFound } from '../../http-errors';
import { endApiTokensOf } from './api-tokens';
import { endSessionsOf } from './sessions';
import { queueEmails } from '../email';

// Settings → Sessions: a person's live sessions (neither expired nor revoked), and the
// ending of one of them or of all but the current one. Only the caller's own: another person's
// session id is 'not found', exactly like an id that never existed.

const live = (userId: number, now: Date) => and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export async function listOwnSessions(db: DbOrTx, userId: number, currentId: number, now = new Date()): Promise<OwnSession[]> {
  const lastSeenAt = sql<Date>`coalesce(${sessionActivity.lastSeenAt}, ${sessions.createdAt})`.mapWith(sessions.createdAt);
  const rows = await db
    .select({
      id: sessions.id,
      client: sessions.client,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt,
      lastAddress: sql<string | null>`coalesce(${sessionActivity.lastAddress}, ${sessions.createdAddress})`,
    })
    .from(sessions)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, sessions.id))
    .where(live(userId, now))
    .orderBy(desc(lastSeenAt), desc(sessions.id));
  return rows.map((r) => ({
    id: r.id,
    client: r.client === 'desktop' ? 'desktop' : 'web',
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    lastAddress: r.lastAddress,
    current: r.id === currentId,
  }));
}

/** 'Sign out' on one of the caller's sessions: deleted, so its token is dead on every hub at once. */
export async function endOwnSession(db: DbOrTx, userId: number, sessionId: number, now = new Date()): Promise<void> {
  const ended = await db.delete(sessions).where(and(eq(sessions.id, sessionId), live(userId, now))).returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(SESSIONS_MESSAGES.notFound);
}

/**
 * 'Sign out everywhere else': every session of the caller but the one asking, and every API token
 * of theirs (a leaked token is one more place they are signed in); they are told by e-mail (security).
 */
export function endOtherSessions(db: Db, userId: number, currentId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await endSessionsOf(tx, userId, { except: currentId });
    await endApiTokensOf(tx, userId);
    await queueEmails(tx, 'signed_out_everywhere', [userId], { sessionsEnded: ended });
    return ended;
  });
}

