// docs/api.md 'API tokens': each token has its own budget of requests, so one runaway script slows
// only itself. Counted per hub in memory (a fixed window a minute long): a script spread over n hubs
// gets n budgets, which is fine for a limit meant to catch loops, not to meter use.

export const API_TOKEN_RATE_LIMIT = { requests: 600, windowMs: 60_000, maxEntries: 10_000 };

export class ApiTokenRateLimit {
  readonly #windows = new Map<number, { start: number; count: number }>();

  constructor(readonly limits = API_TOKEN_RATE_LIMIT) {}

  /** Counts a request of the token; answers the seconds to wait when it is over its budget, else null. */
  take(tokenId: number, now = Date.now()): number | null {
    let window = this.#windows.get(tokenId);
    if (!window || now - window.start >= this.limits.windowMs) {
      if (!window && this.#windows.size >= this.limits.maxEntries) this.#forgetOld(now);
      window = { start: now, count: 0 };
      this.#windows.set(tokenId, window);
    }
    window.count++;
    if (window.count <= this.limits.requests) return null;
    return (window.start + this.limits.windowMs - now) / 1000;
  }

  #forgetOld(now: number): void {
    for (const [id, window] of this.#windows) if (now - window.start >= this.limits.windowMs) this.#windows.delete(id);
    if (this.#windows.size >= this.limits.maxEntries) this.#windows.delete(this.#windows.keys().next().value!);
  }
}
