import { atom } from 'jotai';
import { HubError } from '../../../shared/api/hub-error';

// The app's one offline state, apart from the cache that sets it (./offline-cache.ts, its own
// chunk with the persister): the shell and every screen read it without loading that code.

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
