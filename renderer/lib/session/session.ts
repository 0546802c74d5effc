import { atom } from 'jotai';
import { RESET } from 'jotai/utils';
import { z } from 'zod';
import { sessionUserSchema, type SessionUser } from '../../../shared/api/users';
import { appStore, queryClient } from '../store';
import { clearAllOwnStorage, persistentAtom } from './storage';

// spec §4 (people-and-shell): sign-in keeps the user and the first-login flag in browser storage
// and a restart restores them. The token is not among them: Electron main or the HttpOnly cookie
// holds it, never the renderer.
export const userAtom = persistentAtom('user', sessionUserSchema.nullable(), null);
export const firstLoginAtom = persistentAtom('firstLogin', z.boolean(), false);

/** True from the moment a session ends until the next sign-in: the guard then carries no ret. */
export const sessionEndedAtom = atom(false);

/** Where the login route sends a user once signed in and past the stepper (ret wins over it). */
export const afterSignInPathAtom = atom<string | null>(null);

export function startSession(user: SessionUser, firstLogin: boolean, afterSignIn: string | null): void {
  appStore.set(sessionEndedAtom, false);
  appStore.set(afterSignInPathAtom, afterSignIn);
  appStore.set(firstLoginAtom, firstLogin);
  appStore.set(userAtom, user);
}

/** A 401 anywhere, or Logout: forget everything this session knew, everywhere in the app. */
export function endSession(): void {
  clearAllOwnStorage();
  queryClient.clear();
  appStore.set(sessionEndedAtom, true);
  appStore.set(afterSignInPathAtom, null);
  appStore.set(firstLoginAtom, RESET);
  appStore.set(userAtom, RESET);
}
