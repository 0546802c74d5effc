import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { DatabaseBusyError, DEFAULT_RETRY_POLICY, type TransactionRetried } from '../../server/db/transaction-retry';
import { badRequest, HttpError } from '../../server/http-errors';
import { alignmentLinksResponseSchema } from '../../shared/api/alignment';
import { camelize } from '../../shared/api/case';
import { errorBodySchema } from '../../shared/api/common';
import { BUSY_MESSAGE } from '../../shared/api/hub-error';
import { objectiveResponseSchema } from '../../shared/api/objectives';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { NAME_MESSAGES } from '../../shared/rules/people-messages';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';
import { buildWorld, day, type ObjectiveWorld } from './objectives-fixture';

// A transaction PostgreSQL cancels as a deadlock (40P01) or a serialization failure (40001) runs
// again (server/db/transaction-retry.ts); one that keeps being cancelled answers 503 "The hub is
// busy" with Retry-After, never 500; any other failure is not run again. The forced cancellations
// run on PGlite ('api') and PostgreSQL ('api-pg'); the real deadlocks need PostgreSQL.

const onPostgres = !!inject('databaseUrl');

let hub: TestHub;
const lines: string[] = [];
let adminToken: string;

/** The hub's log lines about a transaction run again. */
const retryLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'transaction cancelled by the database: running it again');

/** Records each retry of the hub's transactions until the returned stop is called. */
function recordRetries(database: TestHub['database']): { events: TransactionRetried[]; stop: () => void } {
  const events: TransactionRetried[] = [];
  return { events, stop: database.onTransactionRetry((event) => events.push(event)) };
}

beforeAll(async () => {
  hub = await startTestHub({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
  const role = await createRole(hub.db, { capabilities: [...ALL_CAPABILITIES] });
  const admin = await createUser(hub.db, { roleId: role.id });
  adminToken = (await hub.login(admin.username, TEST_PASSWORD)).token;
  // A hook in the database: a team named 'Busy…' is cancelled as a deadlock on every run, one named
  // 'Taken…' as a unique violation; the sequence (outside any transaction) counts the runs.
  await hub.db.execute(sql`create sequence team_insert_runs`);
  await hub.db.execute(sql.raw(`create function force_team_conflict() returns trigger language plpgsql as $$
    begin
      perform nextval('team_insert_runs');
      if new.name like 'Busy%' then raise exception 'forced deadlock' using errcode = '40P01'; end if;
      if new.name like 'Taken%' then raise exception 'forced unique violation' using errcode = '23505'; end if;
      return new;
    end $$`));
  await hub.db.execute(sql`create trigger force_team_conflict before insert on teams for each row execute function force_team_conflict()`);
});
afterAll(() => hub?.close());

async function teamInsertRuns(): Promise<number> {
  const [row] = rowsOf<{ n: string }>(await hub.db.execute(sql`select case when is_called then last_value else 0 end as n from team_insert_runs`));
  return Number(row.n);
}

describe('a transaction PostgreSQL cancels', () => {
  it('keeps being cancelled: every run is tried, then 503 The hub is busy with Retry-After, nothing written', async () => {
    const before = await teamInsertRuns();
    const logged = retryLines().length;
    const res = await hub.post('/api/team', { name: 'Busy team', technology: 'Go' }, { token: adminToken });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(errorBodySchema.parse(res.body)).toEqual({ errors: [{ message: BUSY_MESSAGE }] });
    expect(await teamInsertRuns()).toBe(before + DEFAULT_RETRY_POLICY.attempts);
    // one warning per run that was tried again, with the SQLSTATE
    const retried = retryLines().slice(logged);
    expect(retried.map((entry) => [entry.attempt, entry.code])).toEqual([[1, '40P01'], [2, '40P01'], [3, '40P01']]);
    const list = await hub.get('/api/team?all=true', { token: adminToken });
    expect(JSON.stringify(list.body)).not.toContain('Busy team');
  });

  it('a unique violation is not run again: the one run answers as the name check does', async () => {
    const before = await teamInsertRuns();
    const res = await hub.post('/api/team', { name: 'Taken team', technology: 'Go' }, { token: adminToken });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).errors[0].message).toBe(NAME_MESSAGES.teamExists);
    expect(await teamInsertRuns()).toBe(before + 1);
  });

  it('a refusal thrown by the callback is not run again; a forced serialization failure is, up to the limit', async () => {
    let runs = 0;
    const refused = hub.db.transaction(async () => {
      runs += 1;
      throw badRequest('Not that.');
    });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    expect(runs).toBe(1);

    const retries = recordRetries(hub.database);
    runs = 0;
    const cancelled = hub.db.transaction(async () => {
      runs += 1;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await expect(cancelled).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(runs).toBe(DEFAULT_RETRY_POLICY.attempts);
    expect(retries.events.map((e) => e.code)).toEqual(['40001', '40001', '40001']);

    // a savepoint is not run again on its own: only the outermost transaction is
    runs = 0;
    let inner = 0;
    const nested = hub.db.transaction(async (tx) => {
      runs += 1;
      await tx.transaction(async () => {
        inner += 1;
        if (runs === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      });
    });
    await expect(nested).resolves.toBeUndefined();
    expect([runs, inner]).toEqual([2, 2]);
    retries.stop();
  });
});

if (onPostgres) {
  describe('real deadlocks on PostgreSQL', () => {
    it('two transactions locking two rows in opposite orders both commit: the one PostgreSQL cancelled ran again', async () => {
      await hub.db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
      await hub.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
      const retries = recordRetries(hub.database);
      const logged = retryLines().length;
      // both hold their first row before either asks for the second (only the first runs wait)
      let arrived = 0;
      let release!: () => void;
      const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
      const runs = { one: 0, two: 0 };
      const bump = (first: number, second: number, who: 'one' | 'two') =>
        hub.db.transaction(async (tx) => {
          runs[who] += 1;
          await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
          if (++arrived === 2) release();
          await bothHoldOne;
          await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
          return who;
        });
      await expect(Promise.all([bump(1, 2, 'one'), bump(2, 1, 'two')])).resolves.toEqual(['one', 'two']);
      // each committed once: every row counted both
      const rows = rowsOf<{ id: number; n: number }>(await hub.db.execute(sql`select id, n from deadlock_probe order by id`));
      expect(rows).toEqual([{ id: 1, n: 2 }, { id: 2, n: 2 }]);
      // exactly one was cancelled as a deadlock and ran a second time
      expect(retries.events.map((e) => [e.attempt, e.code])).toEqual([[1, '40P01']]);
      expect(runs.one + runs.two).toBe(3);
      expect(retryLines().slice(logged).map((entry) => entry.code)).toEqual(['40P01']);
      retries.stop();
    });
  });

  describe('a link added while its parent is deleted', () => {
    let w: ObjectiveWorld;
    let client: pg.Client;
    let monitor: pg.Client;

    beforeAll(async () => {
      w = await buildWorld();
      const [{ name }] = rowsOf<{ name: string }>(await w.hub.db.execute(sql`select current_database() as name`));
      const url = new URL(inject('databaseUrl')!);
      url.pathname = `/${name}`;
      client = new pg.Client({ connectionString: url.toString() });
      monitor = new pg.Client({ connectionString: url.toString() });
      await Promise.all([client.connect(), monitor.connect()]);
    });
    afterAll(async () => {
      await Promise.all([client?.end(), monitor?.end()]);
      await w?.hub.close();
    });

    /** Waits until `n` of the hub's connections wait on a lock. */
    async function lockWaiters(n: number): Promise<void> {
      for (let i = 0; i < 500; i++) {
        const { rows } = await monitor.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        if (rows[0].n >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`${n} lock waiters never appeared`);
    }

    async function keyResult(objectiveId: number, title: string): Promise<number> {
      const res = await w.hub.post(`/api/objective/${objectiveId}`, { title, description: 'd', priority: 'medium', deadline: day(20) }, { token: w.tokens.member });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    }

    it('no 500: the deadlock PostgreSQL finds is run again, and the link either lands before the deletion or is refused as gone', async () => {
      const goal = await w.hub.post('/api/alignment/objectives', {
        title: 'Company goal', level: 'company', owner_id: w.ids.owner, description: 'd', category: 'Management', subcategory: 'Organization', priority: 'high', deadline: day(90),
      }, { token: w.tokens.owner });
      expect(goal.status, JSON.stringify(goal.body)).toBe(200);
      const parent = objectiveResponseSchema.parse(camelize(goal.body)).data.id;
      const created = await w.create('member', { title: 'Supports the goal' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const child: number = created.body.data.id;
      const [first, second] = [await keyResult(child, 'First'), await keyResult(child, 'Second')];
      const linkFirst = await w.hub.post(`/api/objective/${child}/links`, { parent_id: parent, key_result_id: first }, { token: w.tokens.member });
      expect(linkFirst.status, JSON.stringify(linkFirst.body)).toBe(200);

      // The order that deadlocks, made certain: the link takes the child's row and then asks for the
      // parent's; the deletion holds the parent's and its trigger (migration 0015) asks for the
      // child's, already a supporter through the first key result. A third connection holds the
      // child's row until both wait, the link first in line.
      const retries = recordRetries(w.hub.database);
      await client.query('begin');
      await client.query('select 1 from objectives where id = $1 for update', [child]);
      const adding = w.hub.post(`/api/objective/${child}/links`, { parent_id: parent, key_result_id: second }, { token: w.tokens.member });
      await lockWaiters(1);
      const deleting = w.hub.request('DELETE', `/api/objective/${parent}`, { token: w.tokens.owner });
      await lockWaiters(2);
      await client.query('commit');
      const [added, deleted] = await Promise.all([adding, deleting]);

      expect(retries.events.map((e) => e.code)).toEqual(['40P01']);
      retries.stop();
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      if (added.status === 200) {
        // the link committed first: the deletion ran after it
        const { supports } = alignmentLinksResponseSchema.parse(camelize(added.body)).data;
        expect(supports.filter((l) => l.objective?.id === parent)).toHaveLength(2);
      } else {
        // the deletion committed first: the link, run again, finds the parent gone
        expect(added.status, JSON.stringify(added.body)).toBe(404);
        expect(errorBodySchema.parse(added.body).errors).toHaveLength(1);
      }
      const gone = await w.hub.get(`/api/objective/${parent}`, { token: w.tokens.owner });
      expect(gone.status).toBe(404);
    });
  });
}
