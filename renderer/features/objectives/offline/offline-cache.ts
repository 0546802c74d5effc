import { atom } from 'jotai';
import { HubError } from '../../../../shared/api/hub-error';
import { storageKey } from '../../../lib/session/storage';
import { userAtom } from '../../../lib/session/session';
import { appStore } from '../../../lib/store';

// issue 6 offline viewing: objective lists and details a user has opened stay readable when
// the hub cannot be reached. Answers are kept per user under a beot key in localStorage (the
// renderer's storage in the desktop app and the browser alike), so sign-out's sweep of beot
// keys clears them with the session.

const MAX_ENTRIES = 40;

interface Entry {
  data: unknown;
  savedAt: string;
}
type Store = Record<string, Entry>;

/** When the screen shows cached answers: the time they were saved; null while the hub answers. */
export const offlineSinceAtom = atom<string | null>(null);

function keyOf(): string | null {
  const user = appStore.get(userAtom);
  return user ? storageKey(`objectives.offline.${user.id}`) : null;
}

function read(key: string): Store {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Store) : {};
  } catch {
    return {};
  }
}

function save(queryKey: string, data: unknown): void {
  const key = keyOf();
  if (!key) return;
  const store = read(key);
  store[queryKey] = { data, savedAt: new Date().toISOString() };
  // keep the most recent answers only
  const kept = Object.entries(store).sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt)).slice(0, MAX_ENTRIES);
  try {
    window.localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // storage full or disabled: the app works, it only forgets
  }
}

/** The hub is down or unreachable (not: it answered with a refusal). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof HubError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

/**
 * Runs a query; a good answer is remembered, and with the hub unreachable the remembered
 * answer is returned instead (parsed again by the caller's schema) and the screen goes offline.
 */
export async function withOfflineCache<T>(queryKey: readonly unknown[], fetch: () => Promise<T>, parse: (raw: unknown) => T | null): Promise<T> {
  const id = JSON.stringify(queryKey);
  try {
    const data = await fetch();
    save(id, data);
    appStore.set(offlineSinceAtom, null);
    return data;
  } catch (error) {
    const key = keyOf();
    const entry = key && isUnreachable(error) ? read(key)[id] : undefined;
    const data = entry ? parse(entry.data) : null;
    if (!entry || data === null) throw error;
    appStore.set(offlineSinceAtom, entry.savedAt);
    return data;
  }
}
