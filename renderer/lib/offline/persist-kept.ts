import type { Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient, removeOldestQuery, type AsyncStorage, type PersistedClient } from '@tanstack/react-query-persist-client';
import { version } from '../../../package.json';

// What of the query cache is persisted, and for how long: TanStack Query's own persister, with
// the app's choices (only kept screens' answers, one release's shapes, a week at most).

/** A week: the hub down on a Monday morning still finds Friday's answers. */
export const KEPT_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** A release may change what an answer looks like: answers kept by another one are dropped. */
export const KEPT_BUSTER = version;

/** The kind of data a query shows, as the banner words it; undefined for queries that are not kept. */
export function offlineWhat(query: Pick<Query, 'meta'>): string | undefined {
  const what = query.meta?.offline;
  return typeof what === 'string' ? what : undefined;
}

/** Only a kept screen's answer is written to the machine: not other queries, not failures, not mutations. */
export function isKept(query: Query): boolean {
  return offlineWhat(query) !== undefined && query.state.status === 'success' && query.state.data !== undefined;
}

/** Unreadable text (a torn write, another format) counts as expired, so the persister removes it. */
function readKept(text: string): PersistedClient {
  try {
    return JSON.parse(text) as PersistedClient;
  } catch {
    return { timestamp: 0, buster: '', clientState: { queries: [], mutations: [] } };
  }
}

export interface PersistKeptOptions {
  client: QueryClient;
  storage: AsyncStorage<string>;
  /** the signed-in user's key in storage */
  key: string;
  buster?: string;
  maxAge?: number;
  /** at most one write per this many ms, however many answers arrive */
  throttleMs?: number;
}

/** Restores the kept answers under `key` into the client and keeps writing them; [stop, restored]. */
export function persistKept({ client, storage, key, buster = KEPT_BUSTER, maxAge = KEPT_MAX_AGE, throttleMs = 250 }: PersistKeptOptions): [() => void, Promise<void>] {
  const persister = createAsyncStoragePersister({
    storage,
    key,
    // a reload or a closed window right after opening a screen must still find it kept
    throttleTime: throttleMs,
    deserialize: readKept,
    // too large for the store (main takes 4 MB): the oldest answers go first
    retry: removeOldestQuery,
  });
  return persistQueryClient({
    queryClient: client,
    persister,
    buster,
    maxAge,
    // restored queries live as long as they may be kept, or a screen not opened for a while would
    // be garbage-collected and so dropped from the next write
    hydrateOptions: { defaultOptions: { queries: { gcTime: maxAge } } },
    dehydrateOptions: { shouldDehydrateQuery: isKept, shouldDehydrateMutation: () => false },
  });
}
