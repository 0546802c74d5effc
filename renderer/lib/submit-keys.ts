import { IDEMPOTENCY_WINDOW_MS, newIdempotencyKey } from '../../shared/api/idempotency';
import { isPlainObject } from '../../shared/api/case';

// docs/api.md 'Idempotency keys', the app's side: one key per submit, the same for a retry of it.
// A submit is a POST with its path and body; it is the same submit again while one like it is in
// flight (a double click) or after one got no answer (the hub unreachable, a timeout, a 5xx), since
// the hub may have made it, and the same key then lets the hub answer that instead of making a
// second. Any answer (a success, a refusal) ends the submit: the next one is a new change.

export interface Submit {
  key: string;
  /** the hub answered (2xx or 4xx): the next identical POST is a new submit */
  answered(): void;
  /** no answer, or the hub's own failure: the next identical POST is a retry, with this key */
  unanswered(): void;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) return `{${Object.keys(value).filter((k) => value[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function createSubmitKeys(now: () => number = Date.now) {
  /** the submits in flight or unanswered, by what they send */
  const open = new Map<string, { key: string; inFlight: number; since: number }>();
  const identity = (method: string, path: string, body: unknown) => `${method} ${path} ${canonical(body)}`;
  const forgetOld = () => {
    // the hub forgets a key after 24 hours: a retry later than that is a new submit anyway
    for (const [id, entry] of open) if (entry.inFlight === 0 && now() - entry.since > IDEMPOTENCY_WINDOW_MS) open.delete(id);
  };
  return {
    /** The key to send this POST with: the open submit's like it, else a new one. */
    begin(method: string, path: string, body: unknown): Submit {
      forgetOld();
      const id = identity(method, path, body);
      const entry = open.get(id) ?? { key: newIdempotencyKey(), inFlight: 0, since: now() };
      entry.inFlight += 1;
      open.set(id, entry);
      let settled = false;
      const settle = (ends: boolean) => {
        if (settled) return;
        settled = true;
        entry.inFlight -= 1;
        if (ends) open.delete(id);
        else entry.since = now();
      };
      return { key: entry.key, answered: () => settle(true), unanswered: () => settle(false) };
    },
    /** The key of a submit that got no answer, to keep with it (the desktop app's offline queue), and forget it here. */
    handOver(method: string, path: string, body: unknown): string | undefined {
      const id = identity(method, path, body);
      const entry = open.get(id);
      if (!entry || entry.inFlight > 0) return undefined;
      open.delete(id);
      return entry.key;
    },
  };
}

/** The app's submits: one set for the window, used by hubCall. */
export const submitKeys = createSubmitKeys();
