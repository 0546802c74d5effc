import { HttpError } from '../../http-errors';

// No blind overwrites (SECURITY.md 'Edits carry the version they were read at'): an objective's or key result's lastModificationDate is its version.
// An edit names the version it was read at; the row, locked for the transaction, must still be at
// it. Versions compare at the millisecond the wire carries (toISOString).

/** 409 with the stale message when the client sent a version and the row has moved since. */
export function checkVersion(sent: string | undefined, current: Date, staleMessage: string): void {
  if (sent !== undefined && new Date(sent).getTime() !== current.getTime()) throw new HttpError(409, [{ message: staleMessage }]);
}

/**
 * The version a write gives a row: now, or a millisecond past the one it replaces when the clock
 * has not moved on (two writes in one millisecond, a clock set back), so no two states of a row
 * share a version and a stale edit can never pass for a current one.
 */
export function nextVersion(previous: Date, now: Date = new Date()): Date {
  return now.getTime() > previous.getTime() ? now : new Date(previous.getTime() + 1);
}
