import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledSize, seedLargeCompany } from '../../server/db/seed/large';
import { startTestHub, type TestHub } from '../support/hub';

// issue 24: the alignment figures of statistics are one more statement, and it must keep the
// all-teams statistics target (bench/api.ts): read on the large company at 1,000 staff (as
// query-plans.test.ts does) with an aligned set added — company and team objectives, a fifth of
// the personal ones supporting a team objective — each plan read with EXPLAIN, no planner
// settings forced.

const SIZE = { ...scaledSize(1000), timeTaskDays: 5 };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
interface Statement { text: string; params: unknown[] }
interface RawClient {
  query(text: string | { text: string }, params?: unknown[], options?: unknown): Promise<{ rows: Array<Record<string, unknown>> }>;
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

describe('statistics alignment on the large company (1,000 staff)', () => {
  let hub: TestHub;
  let client: RawClient;
  let recording: Statement[] | null = null;
  let token = '';

  beforeAll(async () => {
    hub = await startTestHub({ seed: 'none' });
    await seedLargeCompany(hub.db, { size: SIZE, now: new Date() });
    client = (hub.db as unknown as { $client: RawClient }).$client;
    // 20 company objectives, 200 team objectives (each supporting one of the first ten company
    // ones), and every fifth personal objective supporting a team objective
    await client.query(`update objectives set level = 'company' where id in (select id from objectives order by id limit 20)`);
    await client.query(`update objectives set level = 'team' where id in (select id from objectives where level = 'personal' order by id limit 200)`);
    await client.query(`insert into objective_links (parent_objective_id, child_objective_id)
      select c.id, t.id from (select id, row_number() over (order by id) as n from objectives where level = 'team') t
      join (select id, row_number() over (order by id) as n from objectives where level = 'company') c on c.n = 1 + t.n % 10`);
    await client.query(`insert into objective_links (parent_objective_id, child_objective_id)
      select t.id, p.id from (select id, row_number() over (order by id) as n from objectives where level = 'personal') p
      join (select id, row_number() over (order by id) as n from objectives where level = 'team') t on t.n = 1 + p.n % 200
      where p.n % 5 = 0`);
    await client.query('analyze');
    const query = client.query.bind(client);
    client.query = (text, params, options) => {
      recording?.push({ text: typeof text === 'string' ? text : text.text, params: params ?? [] });
      return query(text, params, options);
    };
    token = (await hub.login('owner')).token;
  }, 240_000);
  afterAll(async () => {
    await hub?.close();
  });

  async function alignmentStatement(path: string): Promise<{ statement: Statement; answer: Record<string, unknown> }> {
    recording = [];
    try {
      const response = await hub.get(path, { token });
      expect(response.status, path).toBe(200);
      const found = recording.filter((s) => s.text.includes('objective_links'));
      expect(found, 'one statement reads the links').toHaveLength(1);
      return { statement: found[0], answer: response.body.data.alignment };
    } finally {
      recording = null;
    }
  }

  async function planOf(statement: Statement): Promise<PlanNode[]> {
    const result = await client.query(`explain (format json) ${statement.text}`, statement.params);
    const raw = result.rows[0]['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    return nodes(parsed[0].Plan);
  }
  const indexNames = (plan: PlanNode[]) => plan.map((n) => n['Index Name']).filter(Boolean);
  const seqScans = (plan: PlanNode[]) => plan.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);

  for (const [name, path] of [['all teams', '/api/statistics'], ['one team', '/api/statistics?team=1']] as const) {
    it(`${name}: company objectives by the level index, what supports them by the links' parent index, no scan of the objectives`, async () => {
      const { statement, answer } = await alignmentStatement(path);
      expect(answer).toMatchObject({ objectives: expect.any(Number), supporting: expect.any(Number) });
      const plan = await planOf(statement);
      const shown = JSON.stringify(plan.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]));
      expect(seqScans(plan), shown).not.toContain('objectives');
      expect(indexNames(plan), shown).toContain('objectives_level_team_deadline_idx');
      expect(indexNames(plan), shown).toContain('objective_links_parent_idx');
    });
  }
});
