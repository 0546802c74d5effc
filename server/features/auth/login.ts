import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { LoginBody, LoginResult } from '../../../shared/api/auth';
import { LOGIN_MESSAGES } from '../../../shared/rules/messages';
import type { Db, DbOrTx } from '../../db/client';
import { loginEvents, users } from '../../db/schema';
import { tooManyRequests, unauthorized, type HttpError } from '../../http-errors';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, type SessionOrigin } from './sessions';
import { loadSessionUser } from './session-user';

// Sign-in: every attempt is a login_events row; the rate limits are counted from those
// rows, not from process memory, so several hubs behind one PostgreSQL share them (design §1).

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

/** The failures that count: in the window, for the username since its last success, and for the address. */
function countedFailures(username: string, address: string, now: Date) {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const lastSuccess = sql`coalesce((select max(e.created_at) from ${loginEvents} e
    where lower(e.username) = lower(${username}) and e.success), '-infinity'::timestamptz)`;
  return {
    byUsername: and(sql`lower(${loginEvents.username}) = lower(${username})`, eq(loginEvents.success, false), gt(loginEvents.createdAt, since), sql`${loginEvents.createdAt} > ${lastSuccess}`),
    byAddress: and(eq(loginEvents.address, address), eq(loginEvents.success, false), gt(loginEvents.createdAt, since)),
  };
}

/** Failures in the window for this username (since its last success) and for this address. */
export async function recentFailures(db: DbOrTx, username: string, address: string, now = new Date()) {
  const where = countedFailures(username, address, now);
  const [[byUser], [byAddress]] = await Promise.all([
    db.select({ n: count() }).from(loginEvents).where(where.byUsername),
    db.select({ n: count() }).from(loginEvents).where(where.byAddress),
  ]);
  return { byUsername: Number(byUser?.n ?? 0), byAddress: Number(byAddress?.n ?? 0) };
}

/**
 * The 429 of a limited attempt, its Retry-After the seconds until no limit holds any more, with
 * this attempt (already recorded: it counts too) and no further failure: a limit lifts when the
 * failure that filled it, the limit-th newest, leaves the window.
 */
export async function tooManyAttempts(db: DbOrTx, message: string, username: string, address: string, now = new Date()): Promise<HttpError> {
  const where = countedFailures(username, address, now);
  const limitFilledAt = (condition: typeof where.byUsername, limit: number) =>
    db.select({ at: loginEvents.createdAt }).from(loginEvents).where(condition).orderBy(desc(loginEvents.createdAt)).offset(limit - 1).limit(1);
  const [[byUser], [byAddress]] = await Promise.all([
    limitFilledAt(where.byUsername, MAX_FAILURES_PER_USERNAME),
    limitFilledAt(where.byAddress, MAX_FAILURES_PER_ADDRESS),
  ]);
  const lifts = Math.max(...[byUser, byAddress].map((row) => (row ? row.at.getTime() + LOGIN_WINDOW_MS : now.getTime())));
  return tooManyRequests(message, (lifts - now.getTime()) / 1000);
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
    throw await tooManyAttempts(db, LOGIN_MESSAGES.tooManyAttempts, body.username, address, now);
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
