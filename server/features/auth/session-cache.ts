import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Listening } from '../../db/client';
import { loadSession, type LoadedApiToken, type LoadedSession } from './session-user';
import { hashToken } from './sessions';

// Reading the session user was a second round trip to the database on every request,
// as large as the whole work of the lighter routes (one objective: 38 % of its floor's throughput,
// 65 % with this cache). Each hub now keeps the session users it has read, and forgets ALL of them
// as soon as anything they are built from changes:
// - a write of this process, before its sender sees the result (server/db/write-watch.ts), so a
//   sign-out or a role change applies to the very next request on this hub;
// - any other writer (another hub, an import, psql): migration 0006's triggers NOTIFY every
//   listening hub at commit, which arrives within a millisecond on a healthy connection;
// - a hub that is not listening (connection lost, not yet started) keeps nothing and reads the
//   database on every request, as before; an entry also expires with its session and after
//   SESSION_CACHE_LIMITS.maxAgeMs whatever happens.

export const SESSION_CHANGES_CHANNEL = 'hub_session_changes';

/** The tables a session user is read from (session-user.ts, api-token-lookup.ts), each notifying (migrations 0006, 0023). */
const SESSION_TABLES = /\b(sessions|api_tokens|users|roles|jobs|teams|team_members|team_managers)\b/;

const SESSION_CACHE_LIMITS = { maxEntries: 10_000, maxAgeMs: 60_000 };

/** What a bearer token or cookie is: a session, or a personal API token (keyed alike, by the token's hash). */
export type LoadedCredential = LoadedSession | LoadedApiToken;

export class SessionCache {
  readonly #entries = new Map<string, { session: LoadedCredential; storedAt: number }>();
  #generation = 0;
  #following = false;
  #hits = 0;
  #misses = 0;

  constructor(readonly limits = SESSION_CACHE_LIMITS) {}

  /** Whether changes are being followed; when not, nothing is kept. */
  get following(): boolean {
    return this.#following;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** for the metrics: lookups answered from the cache and those that went to the database, since the start */
  get lookups(): { hits: number; misses: number } {
    return { hits: this.#hits, misses: this.#misses };
  }

  get(tokenHash: string, now: number): LoadedCredential | undefined {
    const session = this.#fresh(tokenHash, now);
    if (session === undefined) this.#misses++;
    else this.#hits++;
    return session;
  }

  #fresh(tokenHash: string, now: number): LoadedCredential | undefined {
    const entry = this.#entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (entry.session.expiresAt.getTime() <= now || now - entry.storedAt >= this.limits.maxAgeMs) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Taken BEFORE reading the database: store() then refuses what was read across a change. */
  ticket(): number {
    return this.#generation;
  }

  store(ticket: number, tokenHash: string, session: LoadedCredential, now: number): void {
    if (!this.#following || ticket !== this.#generation) return;
    if (this.#entries.size >= this.limits.maxEntries && !this.#entries.has(tokenHash)) {
      // the oldest entry goes (a Map iterates in insertion order)
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    // shared by every request of that token: frozen so no handler can change it for the next one
    this.#entries.set(tokenHash, { session: deepFreeze(session), storedAt: now });
  }

  /** Something a session user is built from changed, or may have: forget them all. */
  changed(): void {
    this.#generation++;
    this.#entries.clear();
  }

  setFollowing(following: boolean): void {
    this.#following = following;
    this.changed();
  }
}

/** The auth hook's read: the cached session of a token, else the database's (then cached). */
export async function sessionOfToken(db: Db, cache: SessionCache, token: string, now = Date.now()): Promise<LoadedSession | null> {
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash, now);
  if (cached !== undefined) return 'sessionId' in cached ? cached : null;
  const ticket = cache.ticket();
  const loaded = await loadSession(db, tokenHash, new Date(now));
  if (loaded !== null) cache.store(ticket, tokenHash, loaded, now);
  return loaded;
}

export const FOLLOW_RETRY_MS = { first: 1_000, max: 30_000 };

/**
 * Keeps `cache` following the database's session changes for as long as the hub runs: listens,
 * and after a lost connection or a failed attempt listens again (1 s, doubling to 30 s). Returns
 * the stop.
 */
export function followSessionChanges(database: Database, cache: SessionCache, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  let stop!: () => void;
  const stopping = new Promise<'stopped'>((resolve) => (stop = () => resolve('stopped')));
  let listening: Listening | undefined;
  const offLocalWrites = database.onLocalWrite((texts) => {
    if (texts.some((text) => SESSION_TABLES.test(text))) cache.changed();
  });

  const run = async () => {
    let delay = FOLLOW_RETRY_MS.first;
    while (!stopped) {
      try {
        const attempt = database.listen(SESSION_CHANGES_CHANNEL, () => cache.changed());
        const started = await Promise.race([attempt, stopping]);
        if (started === 'stopped') {
          attempt.then((late) => late.stop(), () => {});
          break;
        }
        listening = started;
        cache.setFollowing(true);
        delay = FOLLOW_RETRY_MS.first;
        const outcome = await Promise.race([listening.lost, stopping]);
        if (outcome === 'stopped') break;
        cache.setFollowing(false);
        log.warn(`Session changes: the database connection carrying them was lost (${outcome.message}); every request reads its session from the database until it is back.`);
      } catch (error) {
        if (stopped) break;
        log.warn(`Session changes: cannot listen (${(error as Error).message}); every request reads its session from the database meanwhile.`);
      }
      await Promise.race([new Promise((resolve) => setTimeout(resolve, delay).unref()), stopping]);
      delay = Math.min(delay * 2, FOLLOW_RETRY_MS.max);
    }
  };
  const running = run();

  return async () => {
    stopped = true;
    stop();
    offLocalWrites();
    cache.setFollowing(false);
    await running;
    await listening?.stop();
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
