import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseNotEmptyError, scaledSize, seedLargeCompany, type LargeSeedReport } from '../../server/db/seed/large';
import { companyGoalCount } from '../../server/db/seed/large/alignment';
import { recomputeRollups } from '../../server/features/alignment/alignment-rollup';
import { KEY_RESULT_STATUSES, OBJECTIVE_STATUSES } from '../../shared/rules/constants';
import { startTestHub, type TestHub } from '../support/hub';
import { OBJECTIVES_OFF_THE_OVERDUE_RULE } from '../support/overdue-rule';
import { OBJECTIVES_OFF_THE_SUPPORTS_RULE } from '../support/supports-parent-rule';

// A large company on demand, scaled down to 200 staff: the generator's rows are valid
// data that the list routes read like any other, and the demo users still sign in.

const NOW = new Date('2025-06-18T10:00:00Z');
const SIZE = { ...scaledSize(200), timeTaskDays: 20 };

describe('large company seed (scaled to 200 staff)', () => {
  let hub: TestHub;
  let report: LargeSeedReport;
  let indexesBefore: string[];

  beforeAll(async () => {
    hub = await startTestHub({ seed: 'none' });
    indexesBefore = await indexNames();
    report = await seedLargeCompany(hub.db, { size: SIZE, now: NOW });
  }, 120_000);
  afterAll(async () => {
    await hub?.close();
  });

  async function indexNames(): Promise<string[]> {
    const result = (await hub.db.execute(sql`select indexname from pg_indexes where schemaname = current_schema() order by 1`)) as unknown as { rows: Array<{ indexname: string }> };
    return result.rows.map((r) => r.indexname);
  }

  async function scalar(query: string): Promise<number> {
    const result = (await hub.db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0].n);
  }

  it('reaches the asked size exactly and reports every table', async () => {
    expect(await scalar('select count(*)::int as n from users')).toBe(SIZE.staff);
    expect(await scalar('select count(*)::int as n from teams')).toBe(SIZE.teams);
    expect(await scalar('select count(*)::int as n from objectives')).toBe(SIZE.objectives);
    expect(await scalar('select count(*)::int as n from key_results')).toBe(SIZE.keyResults);
    expect(await scalar('select count(*)::int as n from evaluations')).toBe(SIZE.evaluations);
    expect(await scalar('select count(*)::int as n from holiday_events')).toBeGreaterThan(SIZE.staff * 2);
    expect(await scalar('select count(*)::int as n from timetracking_tasks')).toBeGreaterThan(SIZE.staff * 10);
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['users', 'objectives', 'key_results', 'time tasks', 'indexes']));
    // The indexes dropped for the load are all back.
    expect(await indexNames()).toEqual(indexesBefore);
  });

  it('covers every objective and key-result status, and every objective has key results', async () => {
    const statuses = (await hub.db.execute(sql`select distinct status from objectives`)) as unknown as { rows: Array<{ status: string }> };
    expect(statuses.rows.map((r) => r.status).sort()).toEqual([...OBJECTIVE_STATUSES].sort());
    const krStatuses = (await hub.db.execute(sql`select distinct status from key_results`)) as unknown as { rows: Array<{ status: string }> };
    expect(krStatuses.rows.map((r) => r.status).sort()).toEqual([...KEY_RESULT_STATUSES].sort());
    expect(await scalar('select count(*)::int as n from objectives o where not exists (select 1 from key_results k where k.objective_id = o.id)')).toBe(0);
    // The foreign keys hold although the bulk load skips their per-row triggers.
    expect(await scalar('select count(*)::int as n from key_results k left join objectives o on o.id = k.objective_id where o.id is null')).toBe(0);
    expect(await scalar(`select count(*)::int as n from objectives o left join users u on u.id = o.owner_id left join users a on a.id = o.author_id
      left join teams t on t.id = o.team_id where u.id is null or a.id is null or (t.id is null and o.level <> 'company')`)).toBe(0);
    expect(await scalar(`select count(*)::int as n from team_members m left join users u on u.id = m.user_id where u.id is null`)).toBe(0);
    expect(await scalar(`select count(*)::int as n from evaluations e left join users u on u.id = e.user_id where u.id is null`)).toBe(0);
    // A completed objective only has completed key results (objective-tracking §4).
    expect(await scalar(`select count(*)::int as n from key_results k join objectives o on o.id = k.objective_id
      where o.status = 'completed' and k.status <> 'completed'`)).toBe(0);
  });

  it('settles what statistics read although the load skips the triggers: overdue days and key-result counts', async () => {
    const offTheRule = (await hub.db.execute(OBJECTIVES_OFF_THE_OVERDUE_RULE)) as unknown as { rows: unknown[] };
    expect(offTheRule.rows).toHaveLength(0);
    expect(await scalar(`select count(*)::int as n from objectives where overdue_after = '-infinity'`)).toBeGreaterThan(0);
    expect(await scalar(`select count(*)::int as n from objectives o where o.kr_total <> (select count(*) from key_results k where k.objective_id = o.id and k.status <> 'deleted')`)).toBe(0);
  });

  it('leaves the serial sequences past the generated ids, so the hub can create rows', async () => {
    const { token } = await hub.login('lead');
    const leadId = await scalar(`select id as n from users where username = 'lead'`);
    const teamId = await scalar(`select team_id as n from team_members where user_id = ${leadId} and is_lead`);
    const created = await hub.post('/api/objective', {
      title: 'After the large seed', description: 'A new objective', category: 'Technology', subcategory: 'Development',
      priority: 'medium', deadline: '2030-01-31', is_public: false, team_id: teamId, owner_id: leadId,
    }, { token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });

  it('keeps the demo users: each role signs in with password demo', async () => {
    for (const username of ['admin', 'owner', 'manager', 'lead', 'member', 'guest']) {
      const { token } = await hub.login(username);
      expect(token, username).toBeTruthy();
    }
    const { token } = await hub.login('admin');
    const staff = await hub.post('/api/auth/login', { username: 'staff1', password: 'demo' });
    expect(staff.status).toBe(200);
    expect(token).toBeTruthy();
  });

  it('the directory, objectives, statistics and plans routes read the generated company', async () => {
    const { token: owner } = await hub.login('owner');
    const directory = await hub.get('/api/user?limit=48', { token: owner });
    expect(directory.status).toBe(200);
    expect(directory.body.data.total).toBeGreaterThan(150);
    for (const sort of ['creationDate', 'category', 'deadline', 'title']) {
      const list = await hub.get(`/api/objective?sort_criterion=${sort}&status=in%20progress`, { token: owner });
      expect(list.status, sort).toBe(200);
      expect(list.body.data.items.length, sort).toBeGreaterThan(0);
    }
    const stats = await hub.get('/api/statistics', { token: owner });
    expect(stats.status).toBe(200);
    const teamId = (await scalar(`select max(team_id)::int as n from objectives`));
    const plans = await hub.post('/api/user/plans', { team: teamId }, { token: owner });
    expect(plans.status).toBe(200);
    const one = list0(await hub.get('/api/objective?limit=1', { token: owner }));
    const detail = await hub.get(`/api/objective/${one}`, { token: owner });
    expect(detail.status).toBe(200);
    expect(detail.body.data.key_results.length).toBeGreaterThan(0);
  });

  it('aligns the company: company goals, three team objectives per team, six in ten personal objectives linked', async () => {
    expect(await scalar(`select count(*)::int as n from objectives where level = 'company'`)).toBeGreaterThanOrEqual(companyGoalCount(SIZE));
    expect(await scalar(`select count(*)::int as n from objectives o join users u on u.id = o.owner_id
      where o.level = 'company' and (not u.is_owner or o.team_id is not null)`)).toBe(0);
    // every team has team objectives, each by its lead
    expect(await scalar(`select count(*)::int as n from teams t where t.status = 'active'
      and not exists (select 1 from objectives o where o.team_id = t.id and o.level = 'team')`)).toBe(0);
    expect(await scalar(`select count(*)::int as n from objectives o where o.level = 'team'
      and not exists (select 1 from team_members m where m.user_id = o.owner_id and m.team_id = o.team_id and m.is_lead)`)).toBe(0);
    const share = await scalar(`select (count(*) filter (where exists (select 1 from objective_links l where l.child_objective_id = o.id and l.child_key_result_id is null)))::float
      / count(*) as n from objectives o where o.level = 'personal' and o.status <> 'deleted'`);
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.7);
    expect(await scalar(`select count(*)::int as n from objective_links where child_key_result_id is not null`)).toBeGreaterThan(0);
    // links point up a level, personal ones to their own team's objective, and at most five from one child
    expect(await scalar(`select count(*)::int as n from objective_links l join objectives c on c.id = l.child_objective_id
      join objectives p on p.id = l.parent_objective_id
      where not (c.level = 'personal' and p.level = 'team' and p.team_id = c.team_id or c.level = 'team' and p.level = 'company')
        and not (c.level = 'personal' and p.level = 'company')`)).toBe(0);
    expect(await scalar(`select coalesce(max(n), 0)::int as n from (select count(*) as n from objective_links group by child_objective_id, child_key_result_id) x`)).toBeLessThanOrEqual(5);
    expect(await scalar(`select count(*)::int as n from objectives where level = 'company' and not exists (select 1 from objective_links l where l.parent_objective_id = objectives.id)`)).toBe(0);
  });

  it('settles what the statistics count as supporting (migration 0015\'s triggers, through the seed\'s set-based links)', async () => {
    const off = (await hub.db.execute(OBJECTIVES_OFF_THE_SUPPORTS_RULE)) as unknown as { rows: unknown[] };
    expect(off.rows).toHaveLength(0);
    expect(await scalar(`select count(*)::int as n from objectives where supports_parent`)).toBeGreaterThan(0);
  });

  it("stores the roll-ups the hub computes: recomputeRollups from nothing gives every parent's figure again", async () => {
    const stored = (await hub.db.execute(sql`select id, rolled_up_progress as value from objectives where rollup_mode = 'children' order by level desc, id`)) as unknown as { rows: Array<{ id: number; value: number | null }> };
    expect(stored.rows.length).toBeGreaterThan(10);
    expect(stored.rows.filter((r) => (r.value ?? 0) > 0).length).toBeGreaterThan(stored.rows.length / 2);
    const again = new Map<number, number | null>();
    await hub.db.transaction(async (tx) => {
      await tx.execute(sql`update objectives set rolled_up_progress = null where rollup_mode = 'children'`);
      // the level below first, as a change would reach them; recomputeRollups walks up itself too
      const teamFirst = (await tx.execute(sql`select id from objectives where rollup_mode = 'children' order by case level when 'team' then 0 else 1 end, id`)) as unknown as { rows: Array<{ id: number }> };
      await recomputeRollups(tx, teamFirst.rows.map((r) => Number(r.id)));
      const rows = (await tx.execute(sql`select id, rolled_up_progress as value from objectives where rollup_mode = 'children'`)) as unknown as { rows: Array<{ id: number; value: number | null }> };
      for (const row of rows.rows) again.set(Number(row.id), row.value);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
    for (const row of stored.rows) expect(again.get(Number(row.id)), `objective ${row.id}`).toBe(row.value);
  });

  it('refuses a database that already has users', async () => {
    await expect(seedLargeCompany(hub.db, { size: SIZE, now: NOW })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
  });
});

function list0(response: { status: number; body: { data: { items: Array<{ id: number }> } } }): number {
  expect(response.status).toBe(200);
  return response.body.data.items[0].id;
}
