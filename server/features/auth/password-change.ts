import { eq } from 'drizzle-orm';
import type { ChangePasswordBody } from '../../../shared/api/passwords';
import { PASSWORD_MESSAGES } from '../../../shared/rules/messages';
import { newPasswordProblem } from '../../../shared/rules/password';
import type { Db, DbOrTx } from '../../db/client';
import { loginEvents, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http-errors';
import { recordAudit } from '../audit';
import { isLimited, recentFailures, tooManyAttempts } from './login';
import { hashPassword, verifyPassword } from './passwords';
import { endSessionsOf } from './sessions';
import type { SsoConfig } from './sso/config';
import { isBootstrapAdmin, localPasswordsEnabled } from './sso/local-passwords';
import { queueEmails } from '../email';

// Settings → Password: the person's own password, proven by the current one. A wrong
// current password is a failed sign-in as far as the limits go (login_events, 5 per username and
// 30 per address in 15 minutes, server/features/auth/login.ts): a stolen session cannot be used to
// guess the password any faster than the sign-in page allows.

/** login_events.method of a wrong current password; statistics count successful sign-ins only. */
export const PASSWORD_CHANGE_METHOD = 'password-change';

interface Account {
  id: number;
  username: string;
  name: string;
  email: string | null;
  passwordHash: string | null;
}

async function accountOf(db: DbOrTx, userId: number): Promise<Account> {
  const [account] = await db
    .select({ id: users.id, username: users.username, name: users.name, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound();
  return account;
}

/**
 * Whether the person has a hub password to manage: not when they only sign in through single
 * sign-on (no local password), nor while local passwords are off, except the bootstrap admin who
 * keeps local sign-in whatever the setting (sso/local-passwords.ts).
 */
export async function managesOwnPassword(db: DbOrTx, sso: SsoConfig, account: { username: string; passwordHash: string | null }): Promise<boolean> {
  if (account.passwordHash === null) return false;
  return isBootstrapAdmin(sso, account.username) || (await localPasswordsEnabled(db));
}

/** GET /auth/password: whether Settings shows the password form to this person. */
export async function canChangeOwnPassword(db: DbOrTx, sso: SsoConfig, userId: number): Promise<boolean> {
  return managesOwnPassword(db, sso, await accountOf(db, userId));
}

export async function changeOwnPassword(
  db: Db,
  sso: SsoConfig,
  caller: { userId: number; sessionId: number; address: string },
  body: ChangePasswordBody,
  now = new Date(),
): Promise<{ sessionsEnded: number }> {
  const account = await accountOf(db, caller.userId);
  if (!(await managesOwnPassword(db, sso, account))) throw forbidden(PASSWORD_MESSAGES.ssoOnly);

  // the current password first: without it, nobody learns anything about the new one (nor costs its check)
  const fail = () => db.insert(loginEvents).values({ username: account.username, address: caller.address, success: false, userId: account.id, method: PASSWORD_CHANGE_METHOD, createdAt: now });
  if (isLimited(await recentFailures(db, account.username, caller.address, now))) {
    await fail();
    throw await tooManyAttempts(db, PASSWORD_MESSAGES.tooManyAttempts, account.username, caller.address, now);
  }
  if (!(await verifyPassword(body.currentPassword, account.passwordHash))) {
    await fail();
    throw badRequest(PASSWORD_MESSAGES.currentWrong, 'currentPassword');
  }
  const problem = newPasswordProblem(body.newPassword, account);
  if (problem) throw badRequest(problem, 'newPassword');
  if (body.newPassword.normalize('NFKC') === body.currentPassword.normalize('NFKC')) throw badRequest(PASSWORD_MESSAGES.sameAsCurrent, 'newPassword');

  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordMustChange: false, updatedAt: now }).where(eq(users.id, account.id));
    const sessionsEnded = await endSessionsOf(tx, account.id, { except: caller.sessionId, now });
    // no password, old or new, in the audit: only that it changed and what that ended
    await recordAudit(tx, account.id, { entity: 'user', entityId: account.id, action: 'password-change', after: { name: account.name, sessionsEnded } });
    // security: told by e-mail even though they did it, in case it was not them
    await queueEmails(tx, 'password_changed', [account.id], { by: 'self', sessionsEnded });
    return { sessionsEnded };
  });
}
