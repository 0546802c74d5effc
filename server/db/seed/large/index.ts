import { sql } from 'drizzle-orm';
import type { Db } from '../../client';
import { transactionWithoutRetry } from '../../transaction-retry';
import { isDatabaseEmpty, seedDemoCompany } from '../index';
import { createRandom } from '../random';
import { insertAlignmentAtScale } from './alignment';
import { countRows, syncSequence, withBulkLoad } from './bulk';
import { insertDaysLeft, insertHolidays, insertTimeTasks } from './calendar';
import { readDemo } from './demo';
import { insertEvaluations } from './evaluations';
import { insertKeyResults, insertObjectives } from './objectives';
import { insertManagers, insertMemberships, insertStaff, insertTeams } from './people';
import { LARGE_COMPANY, type LargeSize } from './size';
import { settleOverdueAfter, withKeyResultCountsRefilled } from '../../../features/statistics';

export { LARGE_COMPANY, scaledSize, type LargeSize } from './size';

// A large company on demand (`npm run seed:large`, the benchmarks' company): the demo company (so admin/owner/manager/lead/member/
// guest keep password `demo` and their roles) grown to a company of the given size with
// generated staff, teams, objectives, key results, evaluations, a year of holidays and a year
// of time tasks. Deterministic: every part draws from its own seeded stream. Everything runs in
// one transaction, so a failed run leaves the database empty.

/** The tables the generator fills: their indexes are rebuilt once after the load. */
const BULK_TABLES = [
  'users', 'team_members', 'objectives', 'key_results', 'evaluations', 'holiday_events', 'days_left', 'timetracking_tasks', 'timetracking_accounts',
] as const;

export interface LargeSeedOptions {
  size?: LargeSize;
  now?: Date;
  log?: (message: string) => void;
}

export type LargeSeedReport = Record<string, { rows: number; ms: number }>;

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('the database already has users: the large company is only seeded into an empty database');
  }
}

export async function seedLargeCompany(db: Db, options: LargeSeedOptions = {}): Promise<LargeSeedReport> {
  if (!(await isDatabaseEmpty(db))) throw new DatabaseNotEmptyError();
  const size = options.size ?? LARGE_COMPANY;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const report: LargeSeedReport = {};
  const step = async (name: string, run: () => Promise<number>) => {
    const started = performance.now();
    const rows = await run();
    const ms = Math.round(performance.now() - started);
    report[name] = { rows, ms };
    log(`${name.padEnd(18)} ${String(rows).padStart(9)} rows ${(ms / 1000).toFixed(1).padStart(7)} s`);
  };
  // not run again if PostgreSQL cancels it (db/transaction-retry.ts): each step logs its progress
  // as it goes, and the load runs alone on an empty database, with nobody to deadlock with
  await transactionWithoutRetry(db, async (tx) => {
    // The demo seed nests as a savepoint; its one scrypt hash is then reused by every generated user.
    await step('demo company', async () => {
      await seedDemoCompany(tx as unknown as Db, { now });
      return (await countRows(tx, 'users'));
    });
    const company = await readDemo(tx);
    await withBulkLoad(tx, BULK_TABLES, async () => {
      const teams = await step2(step, 'teams', () => insertTeams(tx, company, size, createRandom(10_001)));
      const staff = await step2(step, 'users', () => insertStaff(tx, company, teams, size, now, createRandom(10_002)));
      await step('team_members', () => insertMemberships(tx, staff));
      await step('team_managers', () => insertManagers(tx, teams, staff));
      const objectives = await step2(step, 'objectives', async () => {
        const inserted = await insertObjectives(tx, staff, size, now, createRandom(10_003));
        await settleOverdueAfter(tx);
        return inserted;
      });
      await step('key_results', () => withKeyResultCountsRefilled(tx, () => insertKeyResults(tx, objectives.made, size, createRandom(10_004))));
      await step('evaluations', () => insertEvaluations(tx, staff, size, now, createRandom(10_005)));
      await step('holiday_events', () => insertHolidays(tx, staff, now, createRandom(10_006)));
      await step('days_left', () => insertDaysLeft(tx, staff, now, createRandom(10_007)));
      await step('time tasks', () => insertTimeTasks(tx, staff, size, now, createRandom(10_008)));
    }, (indexes, ms) => {
      report.indexes = { rows: indexes, ms };
      log(`${'indexes rebuilt'.padEnd(18)} ${String(indexes).padStart(9)}      ${(ms / 1000).toFixed(1).padStart(7)} s`);
    });
    // the alignment after the indexes are back, so its set-based statements read them
    await step('alignment links', () => insertAlignmentAtScale(tx, size, now, company.maxObjectiveId + 1));
    for (const table of ['teams', 'users', 'objectives']) await syncSequence(tx, table);
  });
  // Fresh statistics, so the planner sees a large company and picks the indexes; the vacuum of the
  // tables the lists count sets their visibility map, so a count over an index need not visit the
  // table (index-only scans).
  await step('vacuum analyze', async () => {
    for (const table of ['objectives', 'key_results', 'users', 'team_members']) await db.execute(sql.raw(`vacuum (analyze) "${table}"`));
    await db.execute(sql`analyze`);
    return 0;
  });
  return report;
}

async function step2<T extends { rows: number }>(
  step: (name: string, run: () => Promise<number>) => Promise<void>, name: string, run: () => Promise<T>,
): Promise<T> {
  let out: T | undefined;
  await step(name, async () => {
    out = await run();
    return out.rows;
  });
  return out as T;
}
