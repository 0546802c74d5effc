import type { AsyncStorage } from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { HubError } from '../../../shared/api/hub-error';
import { MAX_OFFLINE_CACHE_BYTES, type HubBridge } from '../../../shared/ipc';
import { hubBridge } from '../transport';

// Where the persisted query cache lives between runs, one text per signed-in user: desktop -> a
// file per user that Electron main writes in the app's user-data folder (0600, atomic, 4 MB at
// most); web -> IndexedDB, which holds megabytes where localStorage stops at a few.

/** The persister's storage, plus a way to forget every user at once. */
export interface OfflineStorage extends AsyncStorage<string> {
  getItem(key: string): Promise<string | null | undefined>;
  setItem(key: string, value: string): Promise<unknown>;
  removeItem(key: string): Promise<void>;
  /** every user's cache: a sign-out leaves nothing of the session on the machine */
  clear(): Promise<void>;
}

/** The key a user's cache is kept under (the desktop file name says the same: user-<id>.json). */
export const userKey = (userId: number): string => `user-${userId}`;

function userIdOf(key: string): number {
  const match = /^user-(\d+)$/.exec(key);
  if (!match) throw new Error(`Not a user's offline cache: ${key}`);
  return Number(match[1]);
}

export function desktopOfflineStorage(bridge: HubBridge): OfflineStorage {
  return {
    async getItem(key) {
      const result = await bridge.invoke('offline-cache:load', { userId: userIdOf(key) });
      // main could not read it: the app simply starts without kept answers
      return result.ok ? result.data : null;
    },
    async setItem(key, value) {
      // refused here rather than by main after 4 MB crossed IPC: the persister then drops the oldest answers
      if (new TextEncoder().encode(value).byteLength > MAX_OFFLINE_CACHE_BYTES) throw new Error('The offline cache is larger than 4 MB.');
      const result = await bridge.invoke('offline-cache:save', { userId: userIdOf(key), snapshot: value });
      if (!result.ok) throw new HubError(result.error);
    },
    async removeItem() {
      // main only clears the whole folder, and it never holds more than the signed-in user's file
      await bridge.invoke('offline-cache:clear');
    },
    async clear() {
      await bridge.invoke('offline-cache:clear');
    },
  };
}

export function indexedDbOfflineStorage(): OfflineStorage {
  // the database and store the hand-written version used, so an update finds (and replaces) it
  const store = createStore('beot-offline', 'snapshots');
  return {
    getItem: (key) => get<string>(key, store),
    setItem: (key, value) => set(key, value, store),
    removeItem: (key) => del(key, store),
    clear: () => clear(store),
  };
}

/** Chosen once: the desktop bridge when preload provided one, IndexedDB in a browser, else nothing kept. */
export function defaultOfflineStorage(): OfflineStorage | null {
  const bridge = hubBridge();
  if (bridge) return desktopOfflineStorage(bridge);
  if (typeof indexedDB !== 'undefined') return indexedDbOfflineStorage();
  return null;
}
