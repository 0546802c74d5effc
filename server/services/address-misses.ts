// issue 25: counts refused guesses per client address in a fixed window, in this process only.
// A per-process count is enough where the secret cannot be guessed: it bounds the work a prober
// causes, it is not what keeps the secret safe.

const MAX_ADDRESSES = 10_000;

export class AddressMisses {
  private readonly windows = new Map<string, { start: number; misses: number }>();

  constructor(private readonly limit: number, private readonly windowMs: number, private readonly now: () => number = Date.now) {}

  isBlocked(address: string): boolean {
    const window = this.windows.get(address);
    if (!window) return false;
    if (this.now() - window.start >= this.windowMs) {
      this.windows.delete(address);
      return false;
    }
    return window.misses >= this.limit;
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
