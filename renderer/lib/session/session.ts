import { atom } from 'jotai';
import { RESET } from 'jotai/utils';
import { z } from 'zod';
import { sessionUserSchema, type SessionUser } from '../../../shared/api/users';
import { PATHS } from '../paths';
import { appStore, queryClient } from '../store';
import { clearAllOwnStorage, persistentAtom } from './storage';

// spec §4 (people-and-shell): sign-in keeps the user and the first-login flag in browser storage
// and a restart restores them. The token is not among them: Electron main or the HttpOnly cookie
// holds it, never the renderer.
export const userAtom = persistentAtom('user', sessionUserSchema.nullable(), null);
export const firstLoginAtom = persistentAtom('firstLogin', z.boolean(), false);
/** signed in with an admin's one-time password: the stepper asks for a new one first */
export const passwordMustChangeAtom = persistentAtom('passwordMustChange', z.boolean(), false);

/** True from the moment a session ends until the next sign-in: the guard then carries no ret. */
export const sessionEndedAtom = atom(false);

/** Where the login route sends a user once signed in and past the stepper (ret wins over it). */
export const afterSignInPathAtom = atom<string | null>(null);

export interface SignedIn {
  user: SessionUser;
  firstLogin: boolean;
  passwordMustChange: boolean;
}

/**
 * objective-tracking §4: a later login goes straight to objectives; a first one (or one with a
 * one-time password) stays on the login page for the stepper.
 */
export function startSession({ user, firstLogin, passwordMustChange }: SignedIn): void {
  appStore.set(sessionEndedAtom, false);
  appStore.set(afterSignInPathAtom, firstLogin || passwordMustChange ? null : PATHS.objectives);
  appStore.set(firstLoginAtom, firstLogin);
  appStore.set(passwordMustChangeAtom, passwordMustChange);
  appStore.set(userAtom, user);
}

/** A 401 anywhere, or Logout: forget everything this session knew, everywhere in the app. */
export function endSession(): void {
  clearAllOwnStorage();
  queryClient.clear();
  appStore.set(sessionEndedAtom, true);
  appStore.set(afterSignInPathAtom, null);
  appStore.set(firstLoginAtom, RESET);
  appStore.set(passwordMustChangeAtom, RESET);
  appStore.set(userAtom, RESET);
}
