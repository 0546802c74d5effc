import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, Listening } from '../../db/client';
import { DatabaseNotificationBus } from './notifications-push';

// A stream resumes from the last id it sent whenever the bus wakes it, so the bus
// wakes every stream once its LISTEN is back: what was committed meanwhile is sent, not lost.

/** a database whose LISTEN the test drives: notify(payload), lose() */
function fakeDatabase() {
  const state = { attempts: 0, notify: (_: string) => {}, lose: (_: Error) => {} };
  const database = {
    async listen(_channel: string, notified: (payload: string) => void): Promise<Listening> {
      state.attempts++;
      state.notify = notified;
      const lost = new Promise<Error>((resolve) => (state.lose = resolve));
      return { lost, stop: async () => {} };
    },
  } as unknown as Database;
  return { database, state };
}

afterEach(() => vi.useRealTimers());

describe('DatabaseNotificationBus', () => {
  it("wakes only the notified person's listeners", async () => {
    const { database, state } = fakeDatabase();
    const bus = new DatabaseNotificationBus(database, { warn: () => {} });
    const mine = vi.fn();
    const theirs = vi.fn();
    bus.subscribe(1, mine);
    bus.subscribe(2, theirs);
    await bus.ready();
    mine.mockClear();
    theirs.mockClear();
    state.notify('1');
    expect(mine).toHaveBeenCalledTimes(1);
    expect(theirs).not.toHaveBeenCalled();
    await bus.close();
  });

  it('wakes every open stream once its LISTEN is back after a drop', async () => {
    vi.useFakeTimers();
    const { database, state } = fakeDatabase();
    const warn = vi.fn();
    const bus = new DatabaseNotificationBus(database, { warn });
    const listener = vi.fn();
    const unsubscribe = bus.subscribe(7, listener);
    await bus.ready();
    listener.mockClear();
    state.lose(new Error('connection reset'));
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(listener).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.attempts).toBe(2);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    await bus.close();
  });
});
