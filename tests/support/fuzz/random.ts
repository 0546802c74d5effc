// A small seeded generator for the property-based API test (SECURITY.md, 'The whole class'):
// the same seed gives the same requests in the same order, so a failure is replayed from the
// seed the run printed. mulberry32: 32 bits of state, plenty for choosing test inputs.

export class Rng {
  #state: number;

  constructor(readonly seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[Math.floor(this.next() * items.length)];
  }

  /** A generator of its own, so one operation's draws do not shift every later operation's. */
  fork(label: string): Rng {
    let h = this.seed ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
    return new Rng(h >>> 0);
  }
}

/** The run's seed: FUZZ_SEED when set (a replay), else a fresh one that the test prints. */
export function fuzzSeed(env: string | undefined = process.env.FUZZ_SEED): number {
  if (env !== undefined && env !== '') {
    const seed = Number(env);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`FUZZ_SEED must be an integer in [0, 4294967295], got ${env}`);
    return seed;
  }
  return Math.floor(Math.random() * 0x100000000);
}
