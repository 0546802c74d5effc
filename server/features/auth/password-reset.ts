import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '../../../shared/api/admin';
import type { PasswordReset } from '../../../shared/api/passwords';
import { ERASURE_MESSAGES, isFormerEmployee } from '../../../shared/api/personal-data-erasure';
import { PASSWORD_MESSAGES } from '../../../shared/rules/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../http-errors';
import { recordAudit } from '../audit';
import { oneTimePassword } from './one-time-password';
import { hashPassword } from './passwords';
import { endApiTokensOf } from './api-tokens';
import { endSessionsOf } from './sessions';
import type { SsoConfig } from './sso/config';
import { isBootstrapAdmin, localPasswordsEnabled } from './sso/local-passwords';
import { queueEmails } from '../email';

/**
 * Admin → Users → Reset password: a one-time password that must be changed at the next
 * sign-in (users.password_must_change; the auth hook restricts such sessions), every session of
 * the person ended, and an audit row that holds no password. The password is returned once and
 * kept nowhere but as its scrypt hash.
 */
export async function resetPassword(db: Db, sso: SsoConfig, actorId: number, userId: number, now = new Date()): Promise<PasswordReset> {
  if (userId === actorId) throw badRequest(PASSWORD_MESSAGES.resetSelf);
  const [user] = await db.select({ id: users.id, name: users.name, username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  // an erased account never gets a password again: nobody is to sign in as it
  if (isFormerEmployee(user)) throw new HttpError(409, [{ message: ERASURE_MESSAGES.changeErased }]);
  // with local passwords off nobody but the bootstrap admin signs in with one: nothing to reset
  if (!isBootstrapAdmin(sso, user.username) && !(await localPasswordsEnabled(db))) throw forbidden(PASSWORD_MESSAGES.resetSsoOnly);

  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const sessionsEnded = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordMustChange: true, updatedAt: now }).where(eq(users.id, user.id));
    const ended = await endSessionsOf(tx, user.id, { now });
    // an admin resets a password when an account may be someone else's: its tokens go with it
    await endApiTokensOf(tx, user.id);
    await recordAudit(tx, actorId, { entity: 'user', entityId: user.id, action: 'password-reset', after: { name: user.name, mustChange: true, sessionsEnded: ended } });
    await queueEmails(tx, 'password_changed', [user.id], { by: 'admin', sessionsEnded: ended }, { actorId });
    return ended;
  });
  return { password, sessionsEnded };
}
