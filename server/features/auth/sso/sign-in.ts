import { and, eq, sql } from 'drizzle-orm';
import type { LoginResult } from '../../../../shared/api/auth';
import { SSO_MESSAGES, type LoginMethod } from '../../../../shared/api/sso';
import { LOGIN_MESSAGES } from '../../../../shared/rules/messages';
import { normaliseUsername } from '../../../../shared/rules/username';
import type { Db, DbOrTx } from '../../../db/client';
import { loginEvents, roles, users } from '../../../db/schema';
import { forbidden, unauthorized } from '../../../http-errors';
import { isUniqueViolation } from '../../admin';
import { createSession, type SessionOrigin } from '../sessions';
import { looksLikeAnother, skeletonsOf } from '../../team';
import { loadSessionUser } from '../session-user';

// What a company account becomes on the hub. The first SSO sign-in links to the
// user with the same email (case-insensitive) or creates one with the default role; archived
// users stay out. Every attempt is a login_events row with its method, like local sign-in.

/** Who the identity provider or directory says this is. */
export interface ExternalIdentity {
  email: string;
  name: string;
  /** a username suggestion for a new user (preferred_username, the LDAP uid) */
  username: string;
}

export async function recordLoginEvent(db: DbOrTx, event: { username: string; address: string; success: boolean; userId: number | null; method: LoginMethod; now: Date }): Promise<void> {
  await db.insert(loginEvents).values({ username: event.username, address: event.address, success: event.success, userId: event.userId, method: event.method, createdAt: event.now });
}

const findByEmail = async (db: DbOrTx, email: string) =>
  (await db.select({ id: users.id, status: users.status }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1))[0];

/** A free username from the suggestion: 'elena', then 'elena2', 'elena3', ... */
async function freeUsername(db: DbOrTx, suggestion: string): Promise<string> {
  // the normal form first, so 'ＥＬＥＮＡ' suggests 'elena', not 'user'
  const base = normaliseUsername(suggestion).replace(/[^a-z0-9._-]+/g, '.').replace(/^\.+|\.+$/g, '').slice(0, 60) || 'user';
  const taken = new Set(
    (await db.select({ username: users.username }).from(users).where(sql`lower(${users.username}) like ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`)).map((r) => r.username.toLowerCase()),
  );
  // nor one that looks like someone's name ('rnaria' beside 'maria'): the next number then
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!taken.has(candidate) && !(await looksLikeAnother(db, candidate, null))) return candidate;
  }
}

async function withFreeUsername(db: DbOrTx, identity: ExternalIdentity) {
  const username = await freeUsername(db, identity.username);
  return { username, email: identity.email, ...skeletonsOf(username, identity.email) };
}

async function createUser(db: Db, identity: ExternalIdentity, defaultRole: string): Promise<number> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(and(sql`lower(${roles.name}) = lower(${defaultRole})`, eq(roles.status, 'active'))).limit(1);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const [created] = await db
        .insert(users)
        .values({ name: identity.name, ...(await withFreeUsername(db, identity)), roleId: role?.id ?? null, passwordHash: null })
        .returning({ id: users.id });
      return created.id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // a second first sign-in of the same person won the race: use the row it created
      const existing = await findByEmail(db, identity.email);
      if (existing) return existing.id;
    }
  }
  throw unauthorized(LOGIN_MESSAGES.wrongCredentials);
}

/** Links or creates the user, records the sign-in and opens a session, as POST /auth/login answers. */
export async function signInExternal(db: Db, identity: ExternalIdentity, options: { method: LoginMethod; address: string; defaultRole: string; now?: Date; eventUsername?: string; origin?: SessionOrigin }): Promise<LoginResult> {
  const now = options.now ?? new Date();
  const eventUsername = options.eventUsername ?? identity.username;
  const record = (success: boolean, userId: number | null) => recordLoginEvent(db, { username: eventUsername, address: options.address, success, userId, method: options.method, now });
  const existing = await findByEmail(db, identity.email);
  if (existing && existing.status !== 'active') {
    await record(false, existing.id);
    throw forbidden(SSO_MESSAGES.archived);
  }
  const userId = existing?.id ?? (await createUser(db, identity, options.defaultRole));
  const session = await db.transaction(async (tx) => {
    await recordLoginEvent(tx, { username: eventUsername, address: options.address, success: true, userId, method: options.method, now });
    await tx.update(users).set({ lastLogin: now }).where(eq(users.id, userId));
    return createSession(tx, userId, now, options.origin);
  });
  const loaded = await loadSessionUser(db, userId);
  if (!loaded) throw unauthorized(LOGIN_MESSAGES.wrongCredentials);
  return { accessToken: session.token, user: loaded.user, firstLogin: loaded.firstLogin, passwordMustChange: loaded.passwordMustChange };
}
