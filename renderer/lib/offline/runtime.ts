import type { QueryKey } from '@tanstack/react-query';
import { appStore, queryClient } from '../store';
import { userAtom } from '../session/session';
import { getTransport, isDesktop } from '../transport';
import { storageKey } from '../session/storage';
import { OfflineCache, pageOf } from './offline-cache';
import { defaultOfflineStorage } from './offline-storage';
import { KEPT_MAX_AGE } from './persist-kept';
import { registerOfflineShell } from './service-worker';
import type { OfflineView } from './messages';

// The app's one offline cache, wired to the app's query client, store, session and transport.

let cache: OfflineCache | null = null;

/** Called once someone is signed in (./start.ts) or by the first kept query; idempotent. */
export function startOfflineCache(): void {
  if (cache) return;
  dropLegacyObjectiveCache();
  cache = new OfflineCache({
    client: queryClient,
    store: appStore,
    storage: defaultOfflineStorage(),
    currentUserId: () => appStore.get(userAtom)?.id ?? null,
    onUserChange: (listener) => appStore.sub(userAtom, listener),
    checkHealth: () => getTransport().request('GET', '/health'),
    onUnreachable: (listener) => getTransport().onUnreachable(listener),
  });
  cache.start();
  // the web app's own files, so a reload with the hub down still opens it (desktop loads from disk)
  if (!isDesktop()) {
    const register = () => {
      if (appStore.get(userAtom)) registerOfflineShell();
    };
    register();
    appStore.sub(userAtom, register);
  }
}

/** The built-in hub runs again: offline, the app asks it now. */
export function checkHubNow(): void {
  cache?.checkNow();
}

/** The options that make a query kept for offline viewing; its fetch goes through fetchOrCached. */
export function offlineQueryOptions(what: OfflineView) {
  // 'always': the fetch itself decides (hub answer or kept answer), even when the browser says offline;
  // in memory as long as it may be kept, or a screen left for a while would drop out of the next write
  return { meta: { offline: what }, networkMode: 'always' as const, gcTime: KEPT_MAX_AGE };
}

/** main.tsx starts the cache from its own chunk; a kept screen asking first starts it itself. */
function started(): OfflineCache {
  if (!cache) startOfflineCache();
  return cache as OfflineCache;
}

/** The hub's answer, or with the hub unreachable the answer kept for this query. */
export function fetchOrCached<T>(queryKey: QueryKey, fetch: () => Promise<T>): Promise<T> {
  return started().fetchOrCached(queryKey, fetch);
}

/** The same for one page of an infinite query. */
export function fetchPageOrCached<T>(queryKey: QueryKey, pageParam: unknown, fetch: () => Promise<T>): Promise<T> {
  return started().fetchOrCached(queryKey, fetch, (data) => pageOf(data, pageParam));
}

/** Earlier versions kept the objectives' answers in localStorage; the general cache replaces that. */
function dropLegacyObjectiveCache(): void {
  try {
    const prefix = storageKey('objectives.offline.');
    const stale = Object.keys(window.localStorage).filter((k) => k.startsWith(prefix));
    for (const key of stale) window.localStorage.removeItem(key);
  } catch {
    // storage disabled: there is nothing to drop
  }
}
