import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { HubError } from '../../../shared/api/hub-error';
import { OfflineCache, offlineAtom, pageOf, pruneEntries, SNAPSHOT_VERSION } from './offline-cache';
import { offlineBannerText } from './messages';
import type { SnapshotStore } from './snapshot-store';

const unreachable = () => new HubError({ status: 0, serverError: true, errors: [{ message: 'The hub cannot be reached.' }] });
const refused = () => new HubError({ status: 403, serverError: false, errors: [{ message: 'No.' }] });

function memorySnapshots() {
  const files = new Map<number, string>();
  const store: SnapshotStore = {
    load: async (id) => files.get(id) ?? null,
    save: async (id, text) => void files.set(id, text),
    clear: async () => files.clear(),
  };
  return { files, store };
}

interface Rig {
  client: QueryClient;
  store: ReturnType<typeof createStore>;
  cache: OfflineCache;
  health: { up: boolean; calls: number };
  setUser(id: number | null): void;
  stop(): void;
}

const rigs: Rig[] = [];
afterEach(() => rigs.splice(0).forEach((r) => r.stop()));

function rig(snapshots: SnapshotStore | null, userId: number | null = 7): Rig {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const store = createStore();
  const listeners = new Set<() => void>();
  let user = userId;
  const health = { up: false, calls: 0 };
  const cache = new OfflineCache({
    client,
    store,
    snapshots,
    currentUserId: () => user,
    onUserChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    checkHealth: async () => {
      health.calls += 1;
      if (!health.up) throw unreachable();
    },
    firstPollMs: 5,
    maxPollMs: 20,
    saveDelayMs: 0,
  });
  const stopCache = cache.start();
  const r: Rig = {
    client,
    store,
    cache,
    health,
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

describe('offline cache', () => {
  it('keeps a kept query’s hub answer for the signed-in user and restores it in the next run', async () => {
    const { files, store } = memorySnapshots();
    const first = rig(store);
    await fetchKept(first, ['objective', 'list', { page: 1 }], async () => list);
    await first.cache.flush();
    expect(JSON.parse(files.get(7) ?? '{}')).toMatchObject({ version: SNAPSHOT_VERSION, entries: [{ key: ['objective', 'list', { page: 1 }], what: 'objectives', data: list }] });

    const second = rig(store);
    await second.cache.flush();
    expect(second.client.getQueryData(['objective', 'list', { page: 1 }])).toEqual(list);
  });

  it('with the hub unreachable answers the kept data, read-only since its save time; a refusal is not masked', async () => {
    const { store } = memorySnapshots();
    const r = rig(store);
    const saved = await fetchKept(r, ['objective', 'one', 1], async () => list);
    const savedAt = saved.dataUpdatedAt;

    const offline = await fetchKept(r, ['objective', 'one', 1], () => Promise.reject(unreachable()));
    expect(offline.status).toBe('success');
    expect(offline.data).toEqual(list);
    expect(r.store.get(offlineAtom)).toEqual({ since: { objectives: savedAt } });
    expect(offlineBannerText('objectives', savedAt)).toMatch(/^Offline — showing objectives as of \d\d-\d\d-\d{4} \d\d:\d\d$/);

    const denied = await fetchKept(r, ['objective', 'one', 1], () => Promise.reject(refused()));
    expect(denied.status).toBe('error');
    expect(denied.error).toBeInstanceOf(HubError);
  });

  it('once any call finds the hub gone, the kept screen on display asks again and shows since when', async () => {
    const r = rig(memorySnapshots().store);
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

  it('a query with nothing kept fails as before, and the app still goes read-only', async () => {
    const r = rig(memorySnapshots().store);
    const result = await fetchKept(r, ['user', 'profile', 9], () => Promise.reject(unreachable()), 'this profile');
    expect(result.status).toBe('error');
    expect(r.store.get(offlineAtom)).toEqual({ since: {} });
  });

  it('polls the hub’s health with backoff and refreshes every screen once it answers', async () => {
    const r = rig(memorySnapshots().store);
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
    const r = rig(memorySnapshots().store);
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

  it('sign-out clears every kept answer, and the next user never sees the previous one’s', async () => {
    const { files, store } = memorySnapshots();
    const r = rig(store);
    await fetchKept(r, ['objective', 'list', {}], async () => list);
    await r.cache.flush();
    expect(files.has(7)).toBe(true);

    r.setUser(null);
    await r.cache.flush();
    expect(files.size).toBe(0);

    r.setUser(8);
    const other = await fetchKept(r, ['objective', 'list', {}], () => Promise.reject(unreachable()));
    expect(other.status).toBe('error');
    await r.cache.flush();
    expect(files.size).toBe(0);
  });

  it('starting signed out removes whatever was left on the machine', async () => {
    const { files, store } = memorySnapshots();
    files.set(7, JSON.stringify({ version: SNAPSHOT_VERSION, entries: [] }));
    const r = rig(store, null);
    await r.cache.flush();
    expect(files.size).toBe(0);
  });

  it('ignores a kept file of another version or shape', async () => {
    const { files, store } = memorySnapshots();
    files.set(7, JSON.stringify({ version: 0, entries: [{ key: ['objective'], what: 'objectives', savedAt: 1, data: 1 }] }));
    const r = rig(store);
    await r.cache.flush();
    expect(r.client.getQueryData(['objective'])).toBeUndefined();
    files.set(7, 'not json');
    const s = rig(store);
    await s.cache.flush();
    expect(s.client.getQueryData(['objective'])).toBeUndefined();
  });

  it('answers a kept page of an infinite query by its page parameter', () => {
    const data = { pages: [{ p: 1 }, { p: 2 }], pageParams: [1, 2] };
    expect(pageOf(data, 2)).toEqual({ p: 2 });
    expect(pageOf(data, 3)).toBeUndefined();
    expect(pageOf({ p: 1 }, 1)).toBeUndefined();
  });

  it('keeps the newest answers within the entry and byte limits', () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ key: ['k', i], what: 'objectives', savedAt: i, data: 'x'.repeat(100) }));
    expect(pruneEntries(entries, 3).map((e) => e.savedAt)).toEqual([9, 8, 7]);
    expect(pruneEntries(entries, 10, 400).length).toBe(2);
  });
});
