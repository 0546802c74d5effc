import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { HubError } from '../../../shared/api/hub-error';
import { OfflineCache, offlineAtom, pageOf } from './offline-cache';
import { NOT_KEPT_OFFLINE, offlineBannerText } from './messages';
import type { OfflineStorage } from './offline-storage';
import { KEPT_BUSTER, KEPT_MAX_AGE } from './persist-kept';

const unreachable = () => new HubError({ status: 0, serverError: true, errors: [{ message: 'The hub cannot be reached.' }] });
const refused = () => new HubError({ status: 403, serverError: false, errors: [{ message: 'No.' }] });

/** A storage in memory; `limit`: texts longer than this are refused, as main refuses more than 4 MB. */
function memoryStorage(limit = Infinity) {
  const files = new Map<string, string>();
  const storage: OfflineStorage = {
    getItem: async (key) => files.get(key) ?? null,
    setItem: async (key, text) => {
      if (text.length > limit) throw new Error('too large');
      files.set(key, text);
    },
    removeItem: async (key) => void files.delete(key),
    clear: async () => files.clear(),
  };
  /** What is written for a user, as the persister wrote it. */
  const kept = (id = 7) => {
    const text = files.get(`user-${id}`);
    return text === undefined ? undefined : (JSON.parse(text) as PersistedClient);
  };
  return { files, storage, kept };
}

interface Rig {
  client: QueryClient;
  store: ReturnType<typeof createStore>;
  cache: OfflineCache;
  health: { up: boolean; calls: number };
  /** what the transport does when a call gets no answer at all */
  unanswered(): void;
  setUser(id: number | null): void;
  stop(): void;
}

const rigs: Rig[] = [];
afterEach(() => rigs.splice(0).forEach((r) => r.stop()));

function rig(storage: OfflineStorage | null, userId: number | null = 7): Rig {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const store = createStore();
  const listeners = new Set<() => void>();
  let user = userId;
  const health = { up: false, calls: 0 };
  const unreachableListeners = new Set<() => void>();
  const cache = new OfflineCache({
    client,
    store,
    storage,
    currentUserId: () => user,
    onUserChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    checkHealth: async () => {
      health.calls += 1;
      if (!health.up) throw unreachable();
    },
    onUnreachable: (l) => {
      unreachableListeners.add(l);
      return () => unreachableListeners.delete(l);
    },
    firstPollMs: 5,
    maxPollMs: 20,
    throttleMs: 0,
  });
  const stopCache = cache.start();
  const r: Rig = {
    client,
    store,
    cache,
    health,
    unanswered: () => unreachableListeners.forEach((l) => l()),
    setUser(id) {
      user = id;
      listeners.forEach((l) => l());
    },
    stop: () => {
      stopCache();
      client.clear();
    },
  };
  rigs.push(r);
  return r;
}

/** A kept query as a feature declares it, fetched once through an observer (as a screen would). */
async function fetchKept<T>(r: Rig, key: QueryKey, fetch: () => Promise<T>, what = 'objectives') {
  const observer = new QueryObserver(r.client, {
    queryKey: key,
    queryFn: () => r.cache.fetchOrCached(key, fetch),
    meta: { offline: what },
    networkMode: 'always',
    staleTime: 0,
  });
  const unsubscribe = observer.subscribe(() => {});
  const result = await observer.refetch();
  unsubscribe();
  return result;
}

const list = { items: [{ id: 1, title: 'Ship the hub' }], total: 1 };
const keysOf = (client: PersistedClient | undefined) => client?.clientState.queries.map((q) => q.queryKey) ?? [];

describe('offline cache', () => {
  it('keeps only the kept queries’ hub answers, for the signed-in user, and restores them in the next run', async () => {
    const { storage, kept } = memoryStorage();
    const first = rig(storage);
    await first.cache.ready();
    await fetchKept(first, ['objective', 'list', { page: 1 }], async () => list);
    // not kept: no meta.offline
    await first.client.fetchQuery({ queryKey: ['auth', 'me'], queryFn: async () => ({ id: 7 }) });
    await vi.waitFor(() => expect(keysOf(kept())).toEqual([['objective', 'list', { page: 1 }]]));
    expect(kept()).toMatchObject({ buster: KEPT_BUSTER, clientState: { mutations: [], queries: [{ state: { data: list } }] } });

    const second = rig(storage);
    await second.cache.ready();
    expect(second.client.getQueryData(['objective', 'list', { page: 1 }])).toEqual(list);
    expect(second.client.getQueryData(['auth', 'me'])).toBeUndefined();
    // shown at once, asked again on first use however recent
    expect(second.client.getQueryState(['objective', 'list', { page: 1 }])?.isInvalidated).toBe(true);
  });

  it('with the hub unreachable answers the kept data, read-only since its save time, also after a restart; a refusal is not masked', async () => {
    const { storage, kept } = memoryStorage();
    const r = rig(storage);
    const saved = await fetchKept(r, ['objective', 'one', 1], async () => list);
    const savedAt = saved.dataUpdatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));

    const offline = await fetchKept(r, ['objective', 'one', 1], () => Promise.reject(unreachable()));
    expect(offline.status).toBe('success');
    expect(offline.data).toEqual(list);
    expect(r.store.get(offlineAtom)).toEqual({ since: { objectives: savedAt } });
    expect(offlineBannerText('objectives', savedAt)).toMatch(/^Offline — showing objectives as of \d\d-\d\d-\d{4} \d\d:\d\d$/);
    // still dated by the hub's answer, in memory and as written
    expect(r.client.getQueryState(['objective', 'one', 1])?.dataUpdatedAt).toBe(savedAt);
    await vi.waitFor(() => expect(kept()?.clientState.queries[0]?.state.dataUpdatedAt).toBe(savedAt));

    const next = rig(storage);
    const restarted = await fetchKept(next, ['objective', 'one', 1], () => Promise.reject(unreachable()));
    expect(restarted.data).toEqual(list);
    expect(next.store.get(offlineAtom)).toEqual({ since: { objectives: savedAt } });

    const denied = await fetchKept(r, ['objective', 'one', 1], () => Promise.reject(refused()));
    expect(denied.status).toBe('error');
    expect(denied.error).toBeInstanceOf(HubError);
  });

  it('once any call finds the hub gone, the kept screen on display asks again and shows since when', async () => {
    const r = rig(memoryStorage().storage);
    let up = true;
    const key = ['objective', 'list', { page: 1 }];
    const observer = new QueryObserver(r.client, {
      queryKey: key,
      queryFn: () => r.cache.fetchOrCached(key, () => (up ? Promise.resolve(list) : Promise.reject(unreachable()))),
      meta: { offline: 'objectives' },
      staleTime: Infinity, // fresh: nothing but going offline makes it ask again
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
    const savedAt = observer.getCurrentResult().dataUpdatedAt;
    up = false;
    const other = new QueryObserver(r.client, { queryKey: ['auth', 'me'], queryFn: () => Promise.reject(unreachable()) });
    await other.refetch();
    await vi.waitFor(() => expect(r.store.get(offlineAtom)).toEqual({ since: { objectives: savedAt } }));
    expect(observer.getCurrentResult().data).toEqual(list);
    unsubscribe();
  });

  it('a query with nothing kept fails saying plainly that it is not kept offline, and the app still goes read-only', async () => {
    const r = rig(memoryStorage().storage);
    const result = await fetchKept(r, ['user', 'profile', 9], () => Promise.reject(unreachable()), 'this profile');
    expect(result.status).toBe('error');
    expect(result.error).toBeInstanceOf(HubError);
    expect((result.error as HubError).status).toBe(0);
    expect(result.error?.message).toBe(NOT_KEPT_OFFLINE);
    expect(r.store.get(offlineAtom)).toEqual({ since: {} });
  });

  it('the first call of any kind that gets no answer puts the app offline at once, and the kept screen on display shows since when', async () => {
    const r = rig(memoryStorage().storage);
    let up = true;
    const key = ['objective', 'list', { page: 1 }];
    const observer = new QueryObserver(r.client, {
      queryKey: key,
      queryFn: () => r.cache.fetchOrCached(key, () => (up ? Promise.resolve(list) : Promise.reject(unreachable()))),
      meta: { offline: 'objectives' },
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
    const savedAt = observer.getCurrentResult().dataUpdatedAt;
    up = false;
    // e.g. a picture or a download, no query of the cache: the transport's word is enough
    r.unanswered();
    expect(r.cache.isOffline()).toBe(true);
    await vi.waitFor(() => expect(r.store.get(offlineAtom)).toEqual({ since: { objectives: savedAt } }));
    // the health poll brings it back, and the screen asks the hub again
    up = true;
    r.health.up = true;
    await vi.waitFor(() => expect(r.cache.isOffline()).toBe(false));
    await vi.waitFor(() => expect(observer.getCurrentResult().dataUpdatedAt).toBeGreaterThan(savedAt));
    unsubscribe();
  });

  it('a call with no answer while no one is signed in does not put the app offline', () => {
    const r = rig(memoryStorage().storage, null);
    r.unanswered();
    expect(r.cache.isOffline()).toBe(false);
  });

  it('polls the hub’s health with backoff and refreshes every screen once it answers', async () => {
    const r = rig(memoryStorage().storage);
    let fresh = 0;
    // the hub's links answer: fails while the hub is down, counts the answers once it is back
    const links = () => (r.health.up ? Promise.resolve({ links: [{ n: ++fresh }] }) : Promise.reject(unreachable()));
    r.health.up = true;
    await fetchKept(r, ['link', 'active'], links, 'links');
    r.health.up = false;
    const observer = new QueryObserver(r.client, { queryKey: ['link', 'active'], queryFn: () => r.cache.fetchOrCached(['link', 'active'], links), meta: { offline: 'links' }, staleTime: 0 });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    expect(r.cache.isOffline()).toBe(true);
    expect(observer.getCurrentResult().data).toEqual({ links: [{ n: 1 }] });

    await vi.waitFor(() => expect(r.health.calls).toBeGreaterThanOrEqual(3));
    expect(r.cache.isOffline()).toBe(true);
    r.health.up = true;
    await vi.waitFor(() => expect(r.cache.isOffline()).toBe(false));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ links: [{ n: 2 }] }));
    const calls = r.health.calls;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(r.health.calls).toBe(calls); // online: no more polling
    unsubscribe();
  });

  it('a function that swallows the failure is no sign that the hub is back', async () => {
    const r = rig(memoryStorage().storage);
    await fetchKept(r, ['holidays', 'x'], () => Promise.reject(unreachable()), 'holidays');
    expect(r.cache.isOffline()).toBe(true);
    const observer = new QueryObserver(r.client, {
      queryKey: ['public-holidays', 2026],
      queryFn: () => r.cache.fetchOrCached(['public-holidays', 2026], () => Promise.reject(unreachable())).catch(() => null),
      meta: { offline: 'holidays' },
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    unsubscribe();
    expect(r.cache.isOffline()).toBe(true);
  });

  it('sign-out clears every kept answer, in memory and stored, and the next user never sees the previous one’s', async () => {
    const { files, storage, kept } = memoryStorage();
    const r = rig(storage);
    await fetchKept(r, ['objective', 'list', {}], async () => list);
    await vi.waitFor(() => expect(keysOf(kept(7))).toHaveLength(1));

    r.setUser(null);
    await vi.waitFor(() => expect(files.size).toBe(0));
    expect(r.client.getQueryData(['objective', 'list', {}])).toBeUndefined();

    r.setUser(8);
    const other = await fetchKept(r, ['objective', 'list', {}], () => Promise.reject(unreachable()));
    expect(other.status).toBe('error');
    await vi.waitFor(() => expect(kept(8)).toBeDefined());
    expect(keysOf(kept(8))).toEqual([]);
    expect(kept(7)).toBeUndefined();
  });

  it('starting signed out removes whatever was left on the machine', async () => {
    const { files, storage } = memoryStorage();
    files.set('user-7', JSON.stringify({ timestamp: Date.now(), buster: KEPT_BUSTER, clientState: { queries: [], mutations: [] } }));
    rig(storage, null);
    await vi.waitFor(() => expect(files.size).toBe(0));
  });

  it('drops a kept cache of another release, past its age, or unreadable', async () => {
    const { files, storage } = memoryStorage();
    const cacheWith = (timestamp: number, buster: string) =>
      JSON.stringify({
        timestamp,
        buster,
        clientState: { mutations: [], queries: [{ queryKey: ['objective'], queryHash: '["objective"]', meta: { offline: 'objectives' }, state: { data: 1, dataUpdatedAt: timestamp, status: 'success' } }] },
      });
    for (const text of [cacheWith(Date.now(), 'an earlier release'), cacheWith(Date.now() - KEPT_MAX_AGE - 1000, KEPT_BUSTER), 'not json', '{"version":1,"entries":[]}']) {
      files.set('user-7', text);
      const r = rig(storage);
      await r.cache.ready();
      expect(r.client.getQueryData(['objective'])).toBeUndefined();
      expect(files.has('user-7')).toBe(false);
      r.stop();
    }
    // the same file, of this release and young enough, comes back
    files.set('user-7', cacheWith(Date.now(), KEPT_BUSTER));
    const r = rig(storage);
    await r.cache.ready();
    expect(r.client.getQueryData(['objective'])).toBe(1);
  });

  it('a write the store refuses as too large drops the oldest answers until it fits', async () => {
    const { storage, kept } = memoryStorage(1_500);
    const r = rig(storage);
    const big = (n: number) => ({ n, text: 'x'.repeat(300) });
    for (let n = 1; n <= 6; n++) {
      await fetchKept(r, ['objective', 'one', n], async () => big(n));
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct answer times
    }
    await vi.waitFor(() => expect(keysOf(kept()).at(-1)).toEqual(['objective', 'one', 6]));
    const keys = keysOf(kept());
    expect(keys.length).toBeLessThan(6);
    expect(keys).not.toContainEqual(['objective', 'one', 1]);
  });

  it('answers a kept page of an infinite query by its page parameter', () => {
    const data = { pages: [{ p: 1 }, { p: 2 }], pageParams: [1, 2] };
    expect(pageOf(data, 2)).toEqual({ p: 2 });
    expect(pageOf(data, 3)).toBeUndefined();
    expect(pageOf({ p: 1 }, 1)).toBeUndefined();
  });
});
