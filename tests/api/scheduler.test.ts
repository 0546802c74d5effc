import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { leases } from '../../server/db/schema';
import { importJobs } from '../../server/features/imports/schedule';
import { reminderJobs } from '../../server/features/notifications/notification-reminders';
import { startScheduler, type ScheduledJob } from '../../server/scheduler';
import { createTestDatabase } from '../support/test-db';

// design §1/§3: one scheduler runs a hub's jobs (imports and reminders), each under its own
// database lease, so hubs sharing a database run each period's job once.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const quiet = { info: () => undefined, error: () => undefined };
const heldLeases = async () => (await database.db.select().from(leases)).map((l) => `${l.name} ${l.holder}`).sort();

describe('the hub scheduler', () => {
  it('runs the imports and the reminders, each under its own lease, and gives them all up on stop', async () => {
    const db = database.db;
    const scheduler = startScheduler(db, quiet, { ...importJobs(db, quiet), ...reminderJobs(db, quiet) }, { holder: 'one', timers: false });
    const names = ['import:holidays', 'import:timetracking:month', 'import:timetracking:today', 'notifications:reminders'] as const;
    expect(await Promise.all(names.map((name) => scheduler.tick(name)))).toEqual([true, true, true, true]);
    expect(await heldLeases()).toEqual(names.map((name) => `${name} one`));
    await scheduler.stop();
    expect(await heldLeases()).toEqual([]);
    expect(await scheduler.tick('import:holidays')).toBe(false);
  });

  it('two hubs ticking every job at once run each job once', async () => {
    const runs: string[] = [];
    const jobs = (hub: string): Record<'a' | 'b', ScheduledJob> => ({
      a: { intervalMs: 60_000, run: async () => void runs.push(`a by ${hub}`) },
      b: { intervalMs: 60_000, run: async () => void runs.push(`b by ${hub}`) },
    });
    const one = startScheduler(database.db, quiet, jobs('one'), { holder: 'one', timers: false });
    const two = startScheduler(database.db, quiet, jobs('two'), { holder: 'two', timers: false });
    try {
      await Promise.all([one.tick('a'), two.tick('a'), one.tick('b'), two.tick('b')]);
      expect(runs.map((run) => run.slice(0, 1)).sort()).toEqual(['a', 'b']);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it('logs a failing run and runs the job again on its next tick', async () => {
    const errors: string[] = [];
    let calls = 0;
    const scheduler = startScheduler(
      database.db,
      { info: () => undefined, error: (_, message) => errors.push(message) },
      { flaky: { intervalMs: 50, run: async () => { calls += 1; if (calls === 1) throw new Error('source down'); } } },
      { holder: 'timers', firstDelayMs: 0 },
    );
    try {
      await expect.poll(() => calls, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(errors[0]).toBe('scheduled job flaky could not run');
    } finally {
      await scheduler.stop();
    }
  });
});
