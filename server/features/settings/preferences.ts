import { eq } from 'drizzle-orm';
import { DEFAULT_THEME_CHOICE, type Preferences } from '../../../shared/api/preferences';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { userPreferences } from './schema';

// Themes: only the caller's own row is ever read or written (the actor is the key),
// so no path or body can name another person.

export async function preferencesOf(db: DbOrTx, actor: Actor): Promise<Preferences> {
  const [row] = await db.select({ theme: userPreferences.theme }).from(userPreferences).where(eq(userPreferences.userId, actor.id));
  return { theme: row?.theme ?? DEFAULT_THEME_CHOICE };
}

export async function savePreferences(db: DbOrTx, actor: Actor, preferences: Preferences): Promise<Preferences> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId: actor.id, theme: preferences.theme })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { theme: preferences.theme, updatedAt: new Date() } })
    .returning({ theme: userPreferences.theme });
  return { theme: row.theme };
}

/** Whether the person gets Monday's digest of the teams they lead or manage (Settings → Notifications); on until turned off. */
export async function weeklyDigestOf(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ weeklyDigest: userPreferences.weeklyDigest }).from(userPreferences).where(eq(userPreferences.userId, userId));
  return row?.weeklyDigest ?? true;
}

export async function saveWeeklyDigest(db: DbOrTx, userId: number, weeklyDigest: boolean): Promise<boolean> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, weeklyDigest })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { weeklyDigest, updatedAt: new Date() } })
    .returning({ weeklyDigest: userPreferences.weeklyDigest });
  return row.weeklyDigest;
}
