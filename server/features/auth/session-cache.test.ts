import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, Listening } from '../../db/client';
import { FOLLOW_RETRY_MS, followSessionChanges, SESSION_CHANGES_CHANNEL, SessionCache } from './session-cache';
import type { LoadedSession } from './session-user';

const NOW = Date.parse('2026-11-24T10:00:00Z');

const session = (sessionId: number, expiresAt = new Date(NOW + 3_600_000)): LoadedSession => ({
  sessionId,
  expiresAt,
  firstLogin: false,
  passwordMustChange: false,
  user: { id: sessionId, name: `User ${sessionId}`, teamIds: [1], capabilities: ['x'] } as unknown as LoadedSession['user'],
});

const following = (limits = { maxEntries: 100, maxAgeMs: 60_000 }) => {
  const cache = new SessionCache(limits);
  cache.setFollowing(true);
  return cache;
};

describe('SessionCache', () => {
  it('keeps what was read while nothing changed, and forgets everything on a change', () => {
    const cache = following();
    cache.store(cache.ticket(), 'a', session(1), NOW);
    cache.store(cache.ticket(), 'b', session(2), NOW);
    expect(cache.get('a', NOW + 10)).toMatchObject({ sessionId: 1 });
    cache.changed();
    expect(cache.get('a', NOW + 10)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('counts its lookups for the metrics: found, or missing, expired or forgotten', () => {
    const cache = following({ maxEntries: 100, maxAgeMs: 60_000 });
    cache.store(cache.ticket(), 'a', session(1), NOW);
    cache.get('a', NOW);
    cache.get('a', NOW + 10);
    cache.get('b', NOW);
    cache.get('a', NOW + 60_000);
    expect(cache.lookups).toEqual({ hits: 2, misses: 2 });
  });

  it('refuses a read that a change overtook (the ticket is taken before reading)', () => {
    const cache = following();
    const ticket = cache.ticket();
    cache.changed(); // e.g. a sign-out committed while the lookup was on its way
    cache.store(ticket, 'a', session(1), NOW);
    expect(cache.get('a', NOW)).toBeUndefined();
    cache.store(cache.ticket(), 'a', session(1), NOW);
    expect(cache.get('a', NOW)).toBeDefined();
  });

  it('keeps nothing while changes are not followed, and starting or stopping to follow forgets all', () => {
    const cache = new SessionCache();
    cache.store(cache.ticket(), 'a', session(1), NOW);
    expect(cache.get('a', NOW)).toBeUndefined();
    const ticket = cache.ticket();
    cache.setFollowing(true);
    cache.store(ticket, 'a', session(1), NOW);
    expect(cache.size).toBe(0);
    cache.store(cache.ticket(), 'a', session(1), NOW);
    expect(cache.size).toBe(1);
    cache.setFollowing(false);
    expect(cache.size).toBe(0);
  });

  it('drops an entry when its session expires, and after maxAgeMs whatever happens', () => {
    const cache = following({ maxEntries: 100, maxAgeMs: 60_000 });
    cache.store(cache.ticket(), 'short', session(1, new Date(NOW + 5_000)), NOW);
    cache.store(cache.ticket(), 'long', session(2), NOW);
    expect(cache.get('short', NOW + 4_999)).toBeDefined();
    expect(cache.get('short', NOW + 5_000)).toBeUndefined();
    expect(cache.get('long', NOW + 59_999)).toBeDefined();
    expect(cache.get('long', NOW + 60_000)).toBeUndefined();
  });

  it('holds at most maxEntries, letting the oldest go', () => {
    const cache = following({ maxEntries: 2, maxAgeMs: 60_000 });
    for (const [key, id] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.store(cache.ticket(), key, session(id), NOW);
    expect(cache.size).toBe(2);
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(cache.get('c', NOW)).toMatchObject({ sessionId: 3 });
  });

  it('hands out a frozen session user, so no request can change it for the next', () => {
    const cache = following();
    cache.store(cache.ticket(), 'a', session(1), NOW);
    const user = cache.get('a', NOW)!.user as unknown as { name: string; teamIds: number[] };
    expect(() => {
      user.name = 'changed';
    }).toThrow(TypeError);
    expect(() => user.teamIds.push(2)).toThrow(TypeError);
  });
});

describe('followSessionChanges', () => {
  afterEach(() => vi.useRealTimers());

  /** a database whose LISTEN the test drives: notify(), lose(), and attempts that fail */
  const fakeDatabase = () => {
    const state = { attempts: 0, failNext: 0, notify: () => {}, lose: (_: Error) => {}, stopped: 0, localWrite: (_: readonly string[]) => {} };
    const database = {
      async listen(channel: string, notified: () => void): Promise<Listening> {
        expect(channel).toBe(SESSION_CHANGES_CHANNEL);
        state.attempts++;
        if (state.failNext > 0) {
          state.failNext--;
          throw new Error('connection refused');
        }
        state.notify = notified;
        const lost = new Promise<Error>((resolve) => (state.lose = resolve));
        return { lost, stop: async () => void state.stopped++ };
      },
      onLocalWrite(visible: (texts: readonly string[]) => void) {
        state.localWrite = visible;
        return () => (state.localWrite = () => {});
      },
    } as unknown as Database;
    return { database, state };
  };
  const log = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

  it("follows: a notification or this process's write to a session table forgets all; other writes do not", async () => {
    const { database, state } = fakeDatabase();
    const cache = new SessionCache();
    const stop = followSessionChanges(database, cache, log());
    await vi.waitFor(() => expect(cache.following).toBe(true));
    const fill = () => cache.store(cache.ticket(), 'a', session(1), Date.now());
    fill();
    state.notify();
    expect(cache.size).toBe(0);
    fill();
    state.localWrite(['update "objectives" set title = $1']);
    expect(cache.size).toBe(1);
    state.localWrite(['update "objectives" set title = $1', 'delete from "team_members" where team_id = $1']);
    expect(cache.size).toBe(0);
    await stop();
    expect(cache.following).toBe(false);
    expect(state.stopped).toBe(1);
  });

  it('a lost connection stops the caching at once, says so, and listening again resumes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { database, state } = fakeDatabase();
    const cache = new SessionCache();
    const logger = log();
    const stop = followSessionChanges(database, cache, logger);
    await vi.waitFor(() => expect(cache.following).toBe(true));
    cache.store(cache.ticket(), 'a', session(1), Date.now());
    state.failNext = 1;
    state.lose(new Error('terminating connection due to administrator command'));
    await vi.waitFor(() => expect(cache.following).toBe(false));
    expect(cache.size).toBe(0);
    expect(logger.warn.mock.calls[0][0]).toMatch(/lost \(terminating connection.*reads its session from the database/);
    await vi.advanceTimersByTimeAsync(FOLLOW_RETRY_MS.first); // first retry fails, the next waits twice as long
    expect(state.attempts).toBe(2);
    expect(logger.warn.mock.calls[1][0]).toMatch(/cannot listen \(connection refused\)/);
    expect(cache.following).toBe(false);
    await vi.advanceTimersByTimeAsync(2 * FOLLOW_RETRY_MS.first);
    expect(state.attempts).toBe(3);
    expect(cache.following).toBe(true);
    await stop();
  });

  it('stops while waiting to retry, without waiting for the retry', async () => {
    const { database, state } = fakeDatabase();
    state.failNext = 1;
    const cache = new SessionCache();
    const stop = followSessionChanges(database, cache, log());
    await vi.waitFor(() => expect(state.attempts).toBe(1));
    const started = Date.now();
    await stop();
    expect(Date.now() - started).toBeLessThan(FOLLOW_RETRY_MS.first);
    expect(cache.following).toBe(false);
  });
});
