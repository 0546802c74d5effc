import { sessionActivity } from '../../db/schema';
import type { DbOrTx } from '../../db/client';

// Settings → Sessions: when and where each session was last used. Written to its own
// table (session_activity), because any write to `sessions` flushes every hub's session cache
// (migration 0006), and at most once a minute per session on each hub (or when the address
// changes), so the hot path stays a cache read.

export const ACTIVITY_LIMITS = { intervalMs: 60_000, maxEntries: 10_000 };

export class SessionActivity {
  /** what this hub last wrote for each session: when, and from where */
  readonly #written = new Map<number, { at: number; address: string }>();

  constructor(readonly limits = ACTIVITY_LIMITS) {}

  /** Whether a use of the session at `now` from `address` is worth writing. */
  due(sessionId: number, address: string, now: number): boolean {
    const last = this.#written.get(sessionId);
    return !last || last.address !== address || now - last.at >= this.limits.intervalMs;
  }

  /**
   * Records a use of the session, unless this hub wrote one for it less than a minute ago. Nothing
   * to write answers undefined, not a promise: the auth hook calls this on every request, and
   * an async call with nothing to do still cost it a promise and a turn.
   */
  seen(db: DbOrTx, sessionId: number, address: string, now = Date.now()): Promise<void> | undefined {
    if (!this.due(sessionId, address, now)) return undefined;
    this.#remember(sessionId, address, now);
    return this.#write(db, sessionId, address, new Date(now));
  }

  async #write(db: DbOrTx, sessionId: number, address: string, at: Date): Promise<void> {
    try {
      await db
        .insert(sessionActivity)
        .values({ sessionId, lastSeenAt: at, lastAddress: address })
        .onConflictDoUpdate({ target: sessionActivity.sessionId, set: { lastSeenAt: at, lastAddress: address } });
    } catch {
      // The session ended between its lookup and this write (the row it points to is gone):
      // nothing to record, and the request itself was already let through.
      this.#written.delete(sessionId);
    }
  }

  #remember(sessionId: number, address: string, now: number): void {
    if (this.#written.size >= this.limits.maxEntries && !this.#written.has(sessionId)) {
      // entries older than the interval would be written again anyway: forget them first
      for (const [id, entry] of this.#written) if (now - entry.at >= this.limits.intervalMs) this.#written.delete(id);
      if (this.#written.size >= this.limits.maxEntries) this.#written.delete(this.#written.keys().next().value!);
    }
    this.#written.set(sessionId, { at: now, address });
  }
}
