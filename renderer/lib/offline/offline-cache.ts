import type { createStore } from 'jotai';
import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AsyncStorage } from '@tanstack/react-query-persist-client';
import { offlineWhat, persistKept } from './persist-kept';
import { userKey, type OfflineStorage } from './offline-storage';
import { HubError } from '../../../shared/api/hub-error';
import { NOT_KEPT_OFFLINE } from './messages';
import { isNetworkFailure, isUnreachable, offlineAtom } from './offline-state';

// Offline viewing: the answers of chosen queries (objectives, the
// directory, opened profiles, dashboard links, the month's holidays) are persisted per signed-in
// user by TanStack Query's persister (./persist-kept.ts) and restored at start. With the hub
// unreachable those queries answer from what the cache holds, the app goes read-only under a
// banner, and it polls the hub's health (with backoff) to come back by itself. A query takes part
// by carrying meta.offline (what the banner calls it) and fetching through fetchOrCached.

type JotaiStore = ReturnType<typeof createStore>;

export { offlineAtom, type OfflineState } from './offline-state';

export interface OfflineCacheDeps {
  client: QueryClient;
  store: JotaiStore;
  /** null: nothing is kept between runs (offline fallback still works within the run) */
  storage: OfflineStorage | null;
  /** the signed-in user's id, and a way to hear when it changes */
  currentUserId: () => number | null;
  onUserChange: (listener: () => void) => () => void;
  /** resolves when the hub answers its health check */
  checkHealth: () => Promise<unknown>;
  /** the transport's word that a call had no answer at all (./runtime.ts wires it) */
  onUnreachable?: (listener: () => void) => () => void;
  /** first wait before asking the hub again, doubled after each failure up to maxPollMs */
  firstPollMs?: number;
  maxPollMs?: number;
  /** the persister's options (./persist-kept.ts has the app's) */
  buster?: string;
  maxAge?: number;
  throttleMs?: number;
}

export class OfflineCache {
  /** queries whose fetch has just had the hub's own answer (not a kept one, not a swallowed failure) */
  private readonly reached = new Set<string>();
  /** queries just answered from what was kept: the time of the hub's answer, which they keep */
  private readonly fromKept = new Map<string, number>();
  private userId: number | null = null;
  private stopPersisting: () => void = () => {};
  /** every read and write of the storage, in order (a sign-out's clear after any pending write) */
  private queue: Promise<unknown> = Promise.resolve();
  private restored: Promise<void> = Promise.resolve();
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private pollDelay: number;

  constructor(private readonly deps: OfflineCacheDeps) {
    this.pollDelay = deps.firstPollMs ?? 2_000;
  }

  /** Restores the signed-in user's cache and starts listening; returns the way to stop. */
  start(): () => void {
    const { client } = this.deps;
    // Subscribed before the persister (which switchUser starts): an answer from the kept data has
    // its date put back here first, so what the persister writes is dated by the hub's answer.
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { query, action } = event;
      if (action.type === 'success' && !action.manual) this.onAnswer(query);
      else if (action.type === 'error' && (offlineWhat(query) ? isUnreachable(action.error) : isNetworkFailure(action.error))) this.goOffline();
    });
    this.switchUser(this.deps.currentUserId(), true);
    const stopUser = this.deps.onUserChange(() => this.switchUser(this.deps.currentUserId(), false));
    // the first call of any kind that gets no answer puts the app offline (banner,
    // actions disabled) at once, before its query's retries or the next poll would
    const stopUnreachable = this.deps.onUnreachable?.(() => {
      if (this.userId !== null) this.goOffline();
    });
    // a change that could not reach the hub: the rest of the screen goes read-only too
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isNetworkFailure(event.action.error)) this.goOffline();
    });
    // the machine's own network came back: ask the hub now rather than at the next backoff step
    const pollNow = () => this.checkNow();
    if (typeof window !== 'undefined') window.addEventListener('online', pollNow);
    return () => {
      stopUser();
      stopQueries();
      stopMutations();
      stopUnreachable?.();
      this.stopPersisting();
      if (typeof window !== 'undefined') window.removeEventListener('online', pollNow);
      this.stopPoll();
    };
  }

  /**
   * A kept query's fetch: the hub's answer when it gives one; with the hub unreachable, what the
   * query holds (kept from an earlier answer, this run's or a restored one), dated by that answer
   * (pick: the part of it this fetch stands for, e.g. one page).
   */
  async fetchOrCached<T>(queryKey: QueryKey, fetch: () => Promise<T>, pick: (data: unknown) => unknown = (d) => d): Promise<T> {
    // at start the kept answers may still be on their way from storage
    await this.restored;
    try {
      const data = await fetch();
      this.reached.add(this.find(queryKey)?.queryHash ?? hashKey(queryKey));
      return data;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const query = this.find(queryKey);
      const what = query && offlineWhat(query);
      const data = query?.state.data === undefined ? undefined : pick(query.state.data);
      if (!query || !what || data === undefined) {
        this.goOffline();
        // nothing kept for it: the screen says so plainly, in the one error shape
        throw new HubError({ status: (error as HubError).status, serverError: true, errors: [{ message: NOT_KEPT_OFFLINE }] });
      }
      const savedAt = query.state.dataUpdatedAt;
      this.fromKept.set(query.queryHash, savedAt);
      this.goOffline(what, savedAt);
      return data as T;
    }
  }

  /** Offline, asks the hub now rather than at the next backoff step (its network, or the built-in hub, is back). */
  checkNow(): void {
    if (!this.isOffline()) return;
    this.stopPoll();
    this.poll(0);
  }

  isOffline(): boolean {
    return this.deps.store.get(offlineAtom) !== null;
  }

  /** Resolves once the signed-in user's kept answers are back in the query cache. */
  ready(): Promise<void> {
    return this.restored;
  }

  private find(queryKey: QueryKey): Query | undefined {
    return this.deps.client.getQueryCache().find({ queryKey, exact: true });
  }

  private onAnswer(query: Query): void {
    const savedAt = this.fromKept.get(query.queryHash);
    this.fromKept.delete(query.queryHash);
    // Only a kept query whose fetch had the hub's answer is a sign of life: a kept answer is not
    // news, and a query function may swallow a failure and "succeed" offline.
    if (this.reached.delete(query.queryHash)) {
      this.goOnline();
      return;
    }
    // answered from the kept data: it stays dated by the hub's answer, for the banner now and
    // after a restart
    if (savedAt !== undefined) query.setState({ dataUpdatedAt: savedAt });
  }

  private switchUser(id: number | null, initial: boolean): void {
    if (id === this.userId && !initial) return;
    const previous = this.userId;
    this.userId = id;
    this.stopPersisting();
    this.stopPersisting = () => {};
    this.restored = Promise.resolve();
    this.reached.clear();
    this.fromKept.clear();
    this.stopPoll();
    this.deps.store.set(offlineAtom, null);
    // signed out (or started signed out): nothing of a session may stay for the next person,
    // neither in memory, where a fetch failing offline would answer from it, nor on the machine
    const gone = id === null || (previous !== null && previous !== id);
    if (gone) this.deps.client.removeQueries({ predicate: (q) => offlineWhat(q) !== undefined });
    const storage = this.deps.storage;
    if (!storage) return;
    if (gone) this.enqueue(() => storage.clear()).catch(() => undefined);
    if (id === null) return;
    const startedAt = Date.now();
    const [stop, restored] = persistKept({
      client: this.deps.client,
      storage: this.storageOf(storage, id),
      key: userKey(id),
      buster: this.deps.buster,
      maxAge: this.deps.maxAge,
      throttleMs: this.deps.throttleMs,
    });
    this.stopPersisting = stop;
    // a failed read only means the app starts without kept answers
    this.restored = restored.then(
      () => this.askAgainOnUse(startedAt),
      () => undefined,
    );
  }

  /** The storage as one user's persister sees it: in order, and deaf once that user is gone. */
  private storageOf(storage: OfflineStorage, id: number): AsyncStorage<string> {
    return {
      getItem: (key) => this.enqueue(async () => (this.userId === id ? storage.getItem(key) : null)),
      // the user signed out (or another signed in) while this waited: their data is not written
      setItem: (key, value) => this.enqueue(async () => (this.userId === id ? storage.setItem(key, value) : undefined)),
      removeItem: (key) => this.enqueue(() => storage.removeItem(key)),
    };
  }

  private enqueue<T>(op: () => Promise<T>): Promise<T> {
    const result = this.queue.then(op);
    // a failed read or write only means the app forgets; the queue goes on
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Restored answers show at once but are asked again on first use, however recent: a reachable
   * hub replaces them, an unreachable one leaves them on screen under the banner.
   */
  private askAgainOnUse(restoreStartedAt: number): Promise<void> {
    return this.deps.client.invalidateQueries({
      predicate: (q) => offlineWhat(q) !== undefined && q.state.dataUpdatedAt < restoreStartedAt,
      refetchType: 'none',
    });
  }

  private goOffline(what?: string, savedAt?: number): void {
    const current = this.deps.store.get(offlineAtom);
    const since = { ...current?.since };
    if (what !== undefined && savedAt !== undefined) since[what] = Math.min(since[what] ?? Infinity, savedAt);
    const changed = !current || Object.keys(since).some((k) => since[k] !== current.since[k]);
    if (changed) this.deps.store.set(offlineAtom, { since });
    if (!current) {
      // Just gone offline (noticed by any call): the kept screens on display ask again now, so
      // they answer from the cache and say since when, instead of showing recent data unmarked.
      void this.deps.client.invalidateQueries({ predicate: (q) => offlineWhat(q) !== undefined, refetchType: 'active' });
    }
    if (!this.pollTimer) this.poll(this.pollDelay);
  }

  private goOnline(): void {
    this.stopPoll();
    this.pollDelay = this.deps.firstPollMs ?? 2_000;
    if (!this.isOffline()) return;
    this.deps.store.set(offlineAtom, null);
    // every screen asks again, now of the hub
    void this.deps.client.invalidateQueries();
  }

  private poll(delay: number): void {
    this.pollTimer = setTimeout(() => {
      this.deps.checkHealth().then(
        () => {
          this.pollTimer = null;
          this.goOnline();
        },
        () => {
          this.pollTimer = null;
          if (!this.isOffline()) return;
          this.pollDelay = Math.min(this.pollDelay * 2, this.deps.maxPollMs ?? 15_000);
          this.poll(this.pollDelay);
        },
      );
    }, delay);
  }

  private stopPoll(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }
}

/** The page of an infinite query's kept answer that a page fetch stands for. */
export function pageOf(data: unknown, pageParam: unknown): unknown {
  if (!data || typeof data !== 'object' || !('pages' in data) || !('pageParams' in data)) return undefined;
  const { pages, pageParams } = data as { pages: unknown[]; pageParams: unknown[] };
  const at = pageParams.findIndex((p) => hashKey([p]) === hashKey([pageParam]));
  return at >= 0 ? pages[at] : undefined;
}
