import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCompany } from '../../server/db/seed/large';
import { startTestHub, type TestHub } from '../support/hub';
import {
  planNodes, PLANS_COMPANY, planText, recordStatements, seqScans, usesIndexOn, type PlanNode, type RawClient, type Statement, type StatementRecorder,
} from '../support/query-plans';

// The queries behind the benchmarked routes use an index on large data. The large
// company at 1,000 staff (25,000 objectives, 100,000 key results, analysed), the hub's own SQL
// captured from real requests, and each statement's plan read with EXPLAIN: no planner settings
// are forced, so this is the plan the hub gets.

describe('query plans on the large company (1,000 staff)', () => {
  let hub: TestHub;
  let recorder: StatementRecorder;
  let client: RawClient;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    hub = await startTestHub({ seed: 'none' });
    await seedLargeCompany(hub.db, { size: PLANS_COMPANY, now: new Date() });
    recorder = recordStatements(hub);
    client = recorder.client;
    for (const role of ['owner', 'lead', 'member']) tokens.set(role, (await hub.login(role)).token);
  }, 180_000);
  afterAll(async () => {
    await hub?.close();
  });

  const statementsOf = (role: string, path: string) => recorder.statementsOf(tokens.get(role) ?? '', path);
  const planOf = (statement: Statement) => recorder.planOf(statement);
  const pageOf = (statements: Statement[], table: string) => {
    // The session user (auth hook, one statement with json subqueries) is not the page.
    const page = statements.find((s) => /^\s*select/i.test(s.text) && s.text.includes(`from "${table}"`) && /\border by\b[^()]*\blimit\b/i.test(s.text)
      && !s.text.includes('json_build_object'));
    expect(page, `a paged select from ${table}`).toBeDefined();
    return page as Statement;
  };
  // The objectives list is ONE statement: the page (an inner select with its order and limit),
  // the bounded count as an InitPlan, and the shaping lookups as SubPlans per page row.
  const listOf = (statements: Statement[]) => {
    const list = statements.find((s) => s.text.includes('"_counted"'));
    expect(list, 'the objectives list statement').toBeDefined();
    return list as Statement;
  };
  /** The root's child in that relationship (the page is the 'Subquery', the count the 'InitPlan'), and all below it. */
  const subtree = (plan: PlanNode[], relationship: string) => {
    const top = (plan[0].Plans ?? []).find((n) => n['Parent Relationship'] === relationship);
    expect(top, `${relationship} in ${JSON.stringify(plan.map((n) => n['Node Type']))}`).toBeDefined();
    return planNodes(top as PlanNode);
  };

  for (const sort of ['deadline', 'creationDate', 'category', 'title']) {
    it(`objectives list sorted by ${sort} (owner): the page reads an index in sort order, the total counts over an index`, async () => {
      const plan = await planOf(listOf(await statementsOf('owner', `/api/objective?sort_criterion=${sort}`)));
      const page = subtree(plan, 'Subquery');
      const types = JSON.stringify(page.map((n) => n['Node Type']));
      expect(usesIndexOn(page, 'objectives'), types).toBe(true);
      // The index gives the order: no sort of the visible rows before the limit.
      expect(page.map((n) => n['Node Type']), types).not.toContain('Sort');
      expect(usesIndexOn(subtree(plan, 'InitPlan'), 'objectives'), types).toBe(true);
      // People, teams and key results of the page (SubPlans per row) are index lookups.
      expect(seqScans(plan).filter((t) => t === 'objectives' || t === 'key_results' || t === 'users')).toEqual([]);
    });
  }

  it('objectives list of a member and of a team lead: the page reads the deadline index', async () => {
    for (const role of ['member', 'lead']) {
      const page = subtree(await planOf(listOf(await statementsOf(role, '/api/objective'))), 'Subquery');
      expect(usesIndexOn(page, 'objectives'), role).toBe(true);
      expect(seqScans(page), role).not.toContain('objectives');
    }
  });

  // GET /objective/count reads every visible match: an owner's from the status index alone, a
  // member's through the indexes of each arm of the visibility filter. A team lead's adds the
  // members of the led teams (a subplan per row) and reads the table; bench/README.md has its time.
  it('the exact objectives count of a member (their own, the public ones) and of an owner reads indexes, not the whole table', async () => {
    for (const [role, path] of [['member', '/api/objective/count?privacy=public'], ['member', '/api/objective/count'], ['owner', '/api/objective/count']] as const) {
      const count = (await statementsOf(role, path)).find((s) => s.text.includes('as total from "objectives"'));
      expect(count, `${role}: the count statement`).toBeDefined();
      const plan = await planOf(count as Statement);
      expect(seqScans(plan), `${role} ${path} ${planText(plan)}`).not.toContain('objectives');
      expect(usesIndexOn(plan, 'objectives'), `${role} ${path}`).toBe(true);
    }
  });

  it('objectives filtered by status and team: page and total both use an index', async () => {
    const teamId = Number(((await client.query(`select m.team_id from team_members m join users u on u.id = m.user_id where u.username = 'lead' and m.is_lead`)).rows[0]).team_id);
    const plan = await planOf(listOf(await statementsOf('owner', `/api/objective?status=in%20progress&team_id=${teamId}`)));
    // team and status from one index, for the page and for the count: not a bitmap of every
    // objective in that status ANDed with the team's
    const indexes = (nodes: PlanNode[]) => nodes.map((n) => n['Index Name']).filter(Boolean);
    expect(indexes(subtree(plan, 'Subquery'))).toContain('objectives_team_status_deadline_idx');
    expect(indexes(subtree(plan, 'InitPlan'))).toContain('objectives_team_status_deadline_idx');
    expect(indexes(plan)).not.toContain('objectives_status_deadline_idx');
    expect(seqScans(plan)).not.toContain('objectives');
  });

  it('directory page: members by name from the status/name index', async () => {
    const statements = await statementsOf('member', '/api/user?limit=48');
    const page = await planOf(pageOf(statements, 'users'));
    expect(page.some((n) => n['Index Name'] === 'users_status_name_idx'), JSON.stringify(page.map((n) => n['Node Type']))).toBe(true);
    expect(seqScans(page)).not.toContain('users');
    // The total (count of active users) is one pass: over 1,000 rows PostgreSQL rightly reads the
    // table; bench/api.ts shows it on the status index at 10,000.
  });

  it("directory page: who's out comes with the page's rows, reading the page's people's leave by index", async () => {
    const statements = (await statementsOf('member', '/api/user?limit=48')).filter((s) => s.text.includes('from "holiday_events"'));
    // read with the page (no third statement), never one per card
    expect(statements).toHaveLength(1);
    expect(statements[0].text).toContain('order by "users"."name"');
    const plan = await planOf(statements[0]);
    expect(plan.some((n) => n['Index Name'] === 'holiday_events_user_end_idx'), JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name']]))).toBe(true);
    expect(seqScans(plan)).not.toContain('holiday_events');
  });

  it('statistics of one team: every statement reads the team\'s objectives through an index', async () => {
    const teamId = Number(((await client.query(`select m.team_id from team_members m join users u on u.id = m.user_id where u.username = 'lead' and m.is_lead`)).rows[0]).team_id);
    const statements = (await statementsOf('owner', `/api/statistics?team=${teamId}`)).filter((s) => s.text.includes('"objectives"'));
    // status/category/team in one grouped pass, at-risk, by employee
    expect(statements.length).toBeGreaterThanOrEqual(3);
    for (const statement of statements) {
      const plan = await planOf(statement);
      expect(usesIndexOn(plan, 'objectives'), statement.text).toBe(true);
      expect(seqScans(plan), statement.text).not.toContain('objectives');
    }
  });

  it('statistics of all teams: one pass over the objectives for status, category and team; by employee reads the kept key result counts, not the key results', async () => {
    const statements = (await statementsOf('owner', '/api/statistics')).filter((s) => s.text.includes('"objectives"'));
    expect(statements.length).toBeGreaterThanOrEqual(3);
    const byEmployee = statements.filter((s) => s.text.includes('"kr_total"'));
    expect(byEmployee).toHaveLength(1);
    expect(byEmployee[0].text).not.toContain('"key_results"');
    // only the at-risk statement still reads key results (one per key result with a check-in)
    expect(statements.filter((s) => s.text.includes('"key_results"'))).toHaveLength(1);
  });
});
