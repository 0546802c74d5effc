import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { LoginBody, LoginResult } from '../../shared/api/auth';
import { LOGIN_MESSAGES } from '../../shared/rules/messages';
import type { Db, DbOrTx } from '../db/client';
import { loginEvents, users } from '../db/schema';
import { tooManyRequests, unauthorized } from '../http-errors';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, type SessionOrigin } from './sessions';
import { loadSessionUser } from './session-user';

// issue 3 sign-in: every attempt is a login_events row; the rate limits are counted from those
// rows, not from process memory, so several hubs behind one PostgreSQL share them (design §1).

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

/** Failures in the window for this username (since its last success) and for this address. */
export async function recentFailures(db: DbOrTx, username: string, address: string, now = new Date()) {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const lastSuccess = sql`coalesce((select max(e.created_at) from ${loginEvents} e
    where lower(e.username) = lower(${username}) and e.success), '-infinity'::timestamptz)`;
  const [[byUser], [byAddress]] = await Promise.all([
    db
      .select({ n: count() })
      .from(loginEvents)
      .where(and(sql`lower(${loginEvents.username}) = lower(${username})`, eq(loginEvents.success, false), gt(loginEvents.createdAt, since), sql`${loginEvents.createdAt} > ${lastSuccess}`)),
    db
      .select({ n: count() })
      .from(loginEvents)
      .where(and(eq(loginEvents.address, address), eq(loginEvents.success, false), gt(loginEvents.createdAt, since))),
  ]);
  return { byUsername: Number(byUser?.n ?? 0), byAddress: Number(byAddress?.n ?? 0) };
}

export function isLimited(failures: { byUsername: number; byAddress: number }): boolean {
  return failures.byUsername >= MAX_FAILURES_PER_USERNAME || failures.byAddress >= MAX_FAILURES_PER_ADDRESS;
}

// Unknown usernames still pay for one scrypt, so timing does not reveal which names exist.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('timing-equaliser'));

async function checkCredentials(db: DbOrTx, username: string, password: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await timingDummy()));
  // Archived users cannot sign in; they get the same answer as a wrong password.
  return ok && user && user.status === 'active' ? user : null;
}

export interface SignInResult extends LoginResult {
  expiresAt: Date;
}

export async function signIn(db: Db, body: LoginBody, origin: SessionOrigin & { address: string }, now = new Date()): Promise<SignInResult> {
  const { address } = origin;
  const record = (success: boolean, userId: number | null) =>
    db.insert(loginEvents).values({ username: body.username, address, success, userId, createdAt: now });

  if (isLimited(await recentFailures(db, body.username, address, now))) {
    await record(false, null);
    throw tooManyRequests(LOGIN_MESSAGES.tooManyAttempts);
  }
  const user = await checkCredentials(db, body.username, body.password);
  if (!user) {
    await record(false, null);
    throw unauthorized(LOGIN_MESSAGES.wrongCredentials);
  }
  const session = await db.transaction(async (tx) => {
    await tx.insert(loginEvents).values({ username: body.username, address, success: true, userId: user.id, createdAt: now });
    await tx.update(users).set({ lastLogin: now }).where(eq(users.id, user.id));
    return createSession(tx, user.id, now, origin);
  });
  const loaded = await loadSessionUser(db, user.id);
  if (!loaded) throw unauthorized(LOGIN_MESSAGES.wrongCredentials);
  return { accessToken: session.token, expiresAt: session.expiresAt, user: loaded.user, firstLogin: loaded.firstLogin, passwordMustChange: loaded.passwordMustChange };
}
