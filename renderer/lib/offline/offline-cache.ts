import { atom, type createStore } from 'jotai';
import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { HubError } from '../../../shared/api/hub-error';
import type { SnapshotStore } from './snapshot-store';

// issue 6 / issue 11 part 6, offline viewing: the answers of chosen queries (objectives, the
// directory, opened profiles, dashboard links, the month's holidays) are persisted per signed-in
// user and restored at start. With the hub unreachable those queries answer from the cache, the
// app goes read-only under a banner, and it polls the hub's health (with backoff) to come back
// by itself. A query takes part by carrying meta.offline (what the banner calls it) and fetching
// through fetchOrCached.

type JotaiStore = ReturnType<typeof createStore>;

/** What screens read: null while the hub answers; else, per kind of data shown, when it was saved (ms). */
export interface OfflineState {
  since: Record<string, number>;
}
export const offlineAtom = atom<OfflineState | null>(null);

/** The hub is down or out of reach (not: it answered with a refusal). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof HubError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

/** No answer at all (the hub answered nothing): any call failing so means the app is offline. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof HubError && error.status === 0;
}

/** The kind of data a query shows, as the banner words it; undefined for queries that are not kept. */
export function offlineWhat(query: Pick<Query, 'meta'>): string | undefined {
  const what = query.meta?.offline;
  return typeof what === 'string' ? what : undefined;
}

const entrySchema = z.object({
  key: z.array(z.unknown()),
  what: z.string(),
  savedAt: z.number(),
  data: z.unknown(),
});
type Entry = z.infer<typeof entrySchema>;
/** Bump when a kept answer's shape changes: an old file is then ignored instead of reaching screens. */
export const SNAPSHOT_VERSION = 1;
const snapshotSchema = z.object({ version: z.literal(SNAPSHOT_VERSION), entries: z.array(entrySchema) });

/** The most recent answers only; under main's 4 MB file limit with room to spare. */
export const MAX_ENTRIES = 80;
export const MAX_SNAPSHOT_BYTES = 3 * 1024 * 1024;

/** Newest first, as many as fit the entry and byte limits. */
export function pruneEntries(entries: Entry[], maxEntries = MAX_ENTRIES, maxBytes = MAX_SNAPSHOT_BYTES): Entry[] {
  const encoder = new TextEncoder();
  const kept: Entry[] = [];
  let bytes = 0;
  for (const entry of [...entries].sort((a, b) => b.savedAt - a.savedAt)) {
    if (kept.length >= maxEntries) break;
    const size = encoder.encode(JSON.stringify(entry)).byteLength + 1;
    if (bytes + size > maxBytes) continue;
    kept.push(entry);
    bytes += size;
  }
  return kept;
}

export interface OfflineCacheDeps {
  client: QueryClient;
  store: JotaiStore;
  /** null: nothing is kept between runs (offline fallback still works within the run) */
  snapshots: SnapshotStore | null;
  /** the signed-in user's id, and a way to hear when it changes */
  currentUserId: () => number | null;
  onUserChange: (listener: () => void) => () => void;
  /** resolves when the hub answers its health check */
  checkHealth: () => Promise<unknown>;
  /** first wait before asking the hub again, doubled after each failure up to maxPollMs */
  firstPollMs?: number;
  maxPollMs?: number;
  saveDelayMs?: number;
}

export class OfflineCache {
  private readonly entries = new Map<string, Entry>();
  /** queries whose fetch has just had the hub's own answer (not a kept one, not a swallowed failure) */
  private readonly reached = new Set<string>();
  private userId: number | null = null;
  /** every read and write of the snapshot store, in order (a sign-out's clear after any pending save) */
  private queue: Promise<void> = Promise.resolve();
  private restored: Promise<void> = Promise.resolve();
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private pollDelay: number;

  constructor(private readonly deps: OfflineCacheDeps) {
    this.pollDelay = deps.firstPollMs ?? 2_000;
  }

  /** Restores the signed-in user's cache and starts listening; returns the way to stop. */
  start(): () => void {
    const { client } = this.deps;
    this.switchUser(this.deps.currentUserId(), true);
    const stopUser = this.deps.onUserChange(() => this.switchUser(this.deps.currentUserId(), false));
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { query, action } = event;
      if (action.type === 'success' && !action.manual) this.onFresh(query);
      else if (action.type === 'error' && (offlineWhat(query) ? isUnreachable(action.error) : isNetworkFailure(action.error))) this.goOffline();
    });
    // a change that could not reach the hub: the rest of the screen goes read-only too
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isNetworkFailure(event.action.error)) this.goOffline();
    });
    // the machine's own network came back: ask the hub now rather than at the next backoff step
    const pollNow = () => {
      if (!this.isOffline()) return;
      this.stopPoll();
      this.poll(0);
    };
    // leaving the page (reload, navigation, closing): write what is pending now
    const flushNow = () => void this.flush();
    if (typeof window !== 'undefined') {
      window.addEventListener('online', pollNow);
      window.addEventListener('pagehide', flushNow);
    }
    return () => {
      stopUser();
      stopQueries();
      stopMutations();
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', pollNow);
        window.removeEventListener('pagehide', flushNow);
      }
      this.stopPoll();
      if (this.saveTimer) clearTimeout(this.saveTimer);
    };
  }

  /**
   * A kept query's fetch: the hub's answer when it gives one; with the hub unreachable, the last
   * answer kept for this query (pick: the part of it this fetch stands for, e.g. one page).
   */
  async fetchOrCached<T>(queryKey: QueryKey, fetch: () => Promise<T>, pick: (data: unknown) => unknown = (d) => d): Promise<T> {
    // at start the kept answers may still be on their way from disk
    await this.restored;
    const hash = hashKey(queryKey);
    try {
      const data = await fetch();
      this.reached.add(hash);
      return data;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const entry = this.entries.get(hash);
      const data = entry ? pick(entry.data) : undefined;
      if (!entry || data === undefined) {
        this.goOffline();
        throw error;
      }
      this.goOffline(entry.what, entry.savedAt);
      return data as T;
    }
  }

  isOffline(): boolean {
    return this.deps.store.get(offlineAtom) !== null;
  }

  /** Waits for pending snapshot reads and writes (tests, and sign-out before a reload). */
  flush(): Promise<void> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
      this.enqueueSave();
    }
    return this.queue;
  }

  private onFresh(query: Query): void {
    // Only a kept query whose fetch had the hub's answer counts as fresh and as a sign of life: a
    // kept answer is not news, and a query function may swallow a failure and "succeed" offline.
    if (!this.reached.delete(query.queryHash)) return;
    const what = offlineWhat(query);
    if (!what || query.state.data === undefined) return;
    if (this.userId !== null) {
      this.entries.set(query.queryHash, { key: [...query.queryKey], what, savedAt: query.state.dataUpdatedAt, data: query.state.data });
      this.scheduleSave();
    }
    this.goOnline();
  }

  private switchUser(id: number | null, initial: boolean): void {
    if (id === this.userId && !initial) return;
    const previous = this.userId;
    this.userId = id;
    this.entries.clear();
    this.reached.clear();
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.stopPoll();
    this.deps.store.set(offlineAtom, null);
    const snapshots = this.deps.snapshots;
    if (!snapshots) return;
    // signed out (or started signed out): nothing of a session may stay for the next person
    if (id === null || (previous !== null && previous !== id)) this.enqueue(() => snapshots.clear());
    if (id !== null) {
      this.restored = this.enqueue(() => this.restore(snapshots, id));
    }
  }

  private async restore(snapshots: SnapshotStore, id: number): Promise<void> {
    const text = await snapshots.load(id);
    if (this.userId !== id || !text) return;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = snapshotSchema.safeParse(raw);
    if (!parsed.success) return;
    const { client } = this.deps;
    for (const entry of parsed.data.entries) {
      const hash = hashKey(entry.key);
      if (this.entries.has(hash)) continue; // fresher than the file: fetched while it loaded
      this.entries.set(hash, entry);
      // shown at once, but always asked again on first use: a reachable hub replaces it, an
      // unreachable one leaves it on screen under the banner
      if (client.getQueryData(entry.key) === undefined) {
        client.setQueryData(entry.key, entry.data, { updatedAt: entry.savedAt });
        void client.invalidateQueries({ queryKey: entry.key, exact: true, refetchType: 'none' });
      }
    }
  }

  private enqueue(op: () => Promise<void>): Promise<void> {
    // a failed read or write only means the app forgets; the queue goes on
    this.queue = this.queue.then(op).catch(() => undefined);
    return this.queue;
  }

  private scheduleSave(): void {
    // at most one write per moment however many answers arrive, and never much later than they
    // did: a reload or a closed window right after opening a screen must still find it kept
    if (!this.deps.snapshots || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.enqueueSave();
    }, this.deps.saveDelayMs ?? 250);
  }

  private enqueueSave(): void {
    const snapshots = this.deps.snapshots;
    const id = this.userId;
    if (!snapshots || id === null) return;
    const entries = pruneEntries([...this.entries.values()]);
    const text = JSON.stringify({ version: SNAPSHOT_VERSION, entries });
    this.enqueue(async () => {
      // the user signed out (or another signed in) while this waited: their data is not written
      if (this.userId === id) await snapshots.save(id, text);
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
