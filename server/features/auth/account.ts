import { and, eq, ne, sql } from 'drizzle-orm';
import type { ConfirmInfoBody } from '../../../shared/api/auth';
import type { Actor } from '../../../shared/rules/session-user';
import { emailSkeleton } from '../../../shared/rules/username-skeleton';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, HttpError } from '../../http-errors';
import { loadSessionUser, type LoadedSessionUser } from './session-user';
import { assertMayChangeUserFields } from '../team';

export const ACCOUNT_MESSAGES = {
  emailTaken: 'Email already exists.',
  alreadyConfirmed: 'Your information is already confirmed. To change it, edit your profile.',
  gone: 'This account is no longer active.',
} as const;

/**
 * Login stepper 'Confirm your information' (spec §4): once, at the first sign-in, then never again
 * (409; the profile's Edit is the way after that). Each field it changes passes the user-fields
 * rule like any other write (SECURITY.md 'Who may change which user field'): a member confirms their email as it is and cannot point
 * it at someone else's address, since the email links a single sign-on identity to the account.
 */
export async function confirmInfo(db: Db, actor: Actor, body: ConfirmInfoBody): Promise<LoadedSessionUser> {
  const [row] = await db.select({ name: users.name, email: users.email, phone: users.phone, firstLogin: users.firstLogin }).from(users).where(eq(users.id, actor.id));
  if (!row) throw badRequest(ACCOUNT_MESSAGES.gone);
  if (!row.firstLogin) throw new HttpError(409, [{ message: ACCOUNT_MESSAGES.alreadyConfirmed }]);
  const email = body.email ?? row.email;
  assertMayChangeUserFields(actor, { id: actor.id, teamIds: actor.teamIds }, [
    { field: 'name', key: 'name', changed: body.name !== row.name },
    { field: 'phone', key: 'phone', changed: body.phone !== row.phone },
    { field: 'email', key: 'email', changed: email !== row.email },
  ]);
  if (email !== null && email !== row.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, actor.id)))
      .limit(1);
    if (taken) throw badRequest(ACCOUNT_MESSAGES.emailTaken, 'email');
  }
  // first_login in the WHERE: of two confirmations racing, the second finds nothing to confirm
  const confirmed = await db
    .update(users)
    .set({ name: body.name, email, emailSkeleton: emailSkeleton(email), phone: body.phone, firstLogin: false, updatedAt: new Date() })
    .where(and(eq(users.id, actor.id), eq(users.firstLogin, true)))
    .returning({ id: users.id });
  if (confirmed.length === 0) throw new HttpError(409, [{ message: ACCOUNT_MESSAGES.alreadyConfirmed }]);
  const loaded = await loadSessionUser(db, actor.id);
  if (!loaded) throw badRequest(ACCOUNT_MESSAGES.gone);
  return loaded;
}
