import { and, eq, ne, sql } from 'drizzle-orm';
import type { ConfirmInfoBody } from '../../shared/api/auth';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { badRequest } from '../http-errors';
import { loadSessionUser, type LoadedSessionUser } from './session-user';

export const ACCOUNT_MESSAGES = { emailTaken: 'Email already exists.' } as const;

/** Login stepper 'Confirm your information' (spec §4): saves the contact details, ends first login. */
export async function confirmInfo(db: Db, userId: number, body: ConfirmInfoBody): Promise<LoadedSessionUser> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${body.email})`, ne(users.id, userId)))
    .limit(1);
  if (taken) throw badRequest(ACCOUNT_MESSAGES.emailTaken, 'email');
  await db
    .update(users)
    .set({ name: body.name, email: body.email, phone: body.phone, firstLogin: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
  const loaded = await loadSessionUser(db, userId);
  if (!loaded) throw badRequest('This account is no longer active.');
  return loaded;
}
