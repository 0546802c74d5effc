// Counts refused guesses (calendar feed secrets) per client address in a fixed window, in this process only.
// A per-process count is enough where the secret cannot be guessed: it bounds the work a prober
// causes, it is not what keeps the secret safe.

const MAX_ADDRESSES = 10_000;

export class AddressMisses {
  private readonly windows = new Map<string, { start: number; misses: number }>();

  constructor(private readonly limit: number, private readonly windowMs: number, private readonly now: () => number = Date.now) {}

  /** How long this address stays refused: the rest of its window once it is full, else 0. */
  blockedForMs(address: string): number {
    const window = this.windows.get(address);
    if (!window) return 0;
    const left = window.start + this.windowMs - this.now();
    if (left <= 0) {
      this.windows.delete(address);
      return 0;
    }
    return window.misses >= this.limit ? left : 0;
  }

  count(address: string): void {
    const at = this.now();
    const window = this.windows.get(address);
    if (window && at - window.start < this.windowMs) {
      window.misses += 1;
      return;
    }
    // a flood of addresses must not grow the map without end; forgetting them only forgives
    if (this.windows.size >= MAX_ADDRESSES) this.windows.clear();
    this.windows.set(address, { start: at, misses: 1 });
  }
}
