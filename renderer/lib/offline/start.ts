import { appStore } from '../store';
import { userAtom } from '../session/session';

/**
 * Starts the offline cache (its own chunk) once someone is signed in: kept answers are per user,
 * and the login page stays within its script budget (tests/e2e/bundle.test.ts). Started, it
 * hears the sign-out that clears them.
 */
export function startOfflineCacheWhenSignedIn(): void {
  const start = () => {
    if (appStore.get(userAtom)) void import('./runtime').then((m) => m.startOfflineCache());
  };
  start();
  appStore.sub(userAtom, start);
}
