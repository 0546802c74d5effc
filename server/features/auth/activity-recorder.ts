import type { DbOrTx } from '../../db/client';

// When and where a credential (a session, an API token) was last used: written at most once a
// minute per credential on each hub (or when the address changes), so the hot path of the auth
// hook stays a cache read. Each credential's table says how to write (session-activity.ts,
// api-token-activity.ts).

export const ACTIVITY_LIMITS = { intervalMs: 60_000, maxEntries: 10_000 };

export type ActivityWrite = (db: DbOrTx, id: number, address: string, at: Date) => Promise<void>;

export class ActivityRecorder {
  /** what this hub last wrote for each credential: when, and from where */
  readonly #written = new Map<number, { at: number; address: string }>();

  constructor(readonly write: ActivityWrite, readonly limits = ACTIVITY_LIMITS) {}

  /** Whether a use of the credential at `now` from `address` is worth writing. */
  due(id: number, address: string, now: number): boolean {
    const last = this.#written.get(id);
    return !last || last.address !== address || now - last.at >= this.limits.intervalMs;
  }

  /**
   * Records a use, unless this hub wrote one for it less than a minute ago. Nothing to write
   * answers undefined, not a promise: the auth hook calls this on every request, and an async
   * call with nothing to do still cost it a promise and a turn.
   */
  seen(db: DbOrTx, id: number, address: string, now = Date.now()): Promise<void> | undefined {
    if (!this.due(id, address, now)) return undefined;
    this.#remember(id, address, now);
    return this.#write(db, id, address, new Date(now));
  }

  async #write(db: DbOrTx, id: number, address: string, at: Date): Promise<void> {
    try {
      await this.write(db, id, address, at);
    } catch {
      // The credential ended between its lookup and this write (the row it points to is gone):
      // nothing to record, and the request itself was already let through.
      this.#written.delete(id);
    }
  }

  #remember(id: number, address: string, now: number): void {
    if (this.#written.size >= this.limits.maxEntries && !this.#written.has(id)) {
      // entries older than the interval would be written again anyway: forget them first
      for (const [key, entry] of this.#written) if (now - entry.at >= this.limits.intervalMs) this.#written.delete(key);
      if (this.#written.size >= this.limits.maxEntries) this.#written.delete(this.#written.keys().next().value!);
    }
    this.#written.set(id, { at: now, address });
  }
}
