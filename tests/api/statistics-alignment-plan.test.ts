import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledSize, seedLargeCompany } from '../../server/db/seed/large';
import { startTestHub, type TestHub } from '../support/hub';

// issue 24: the alignment figures of statistics are one more statement, and it must keep the
// all-teams statistics target (bench/api.ts): read on the large company at 1,000 staff (as
// query-plans.test.ts does), aligned by its seed, each plan read with EXPLAIN, no planner
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
    // the seed aligns the company itself (server/db/seed/large/alignment.ts)
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

  /** The links hashed once against the objectives in scope, not the objectives probed once per link. */
  const linksHashed = (plan: PlanNode[]) =>
    plan.some((n) => /^Hash .*Join$/.test(n['Node Type']) && nodes(n).some((c) => c['Relation Name'] === 'objective_links'));

  it('all teams: company objectives by the level index, what supports them by the links\' parent index; the links are hashed once against the objectives in scope', async () => {
    const { statement, answer } = await alignmentStatement('/api/statistics');
    expect(answer).toMatchObject({ objectives: expect.any(Number), supporting: expect.any(Number) });
    expect((answer as { supporting: number }).supporting).toBeGreaterThan(0);
    const plan = await planOf(statement);
    const shown = JSON.stringify(plan.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]));
    expect(indexNames(plan), shown).toContain('objectives_level_team_deadline_idx');
    expect(indexNames(plan), shown).toContain('objective_links_parent_idx');
    expect(linksHashed(plan), shown).toBe(true);
  });

  it('one team: its objectives by index, never a scan of all objectives', async () => {
    const teamId = Number(((await client.query(`select m.team_id from team_members m join users u on u.id = m.user_id where u.username = 'lead' and m.is_lead`)).rows[0]).team_id);
    const { statement } = await alignmentStatement(`/api/statistics?team=${teamId}`);
    const plan = await planOf(statement);
    const shown = JSON.stringify(plan.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]));
    expect(seqScans(plan), shown).not.toContain('objectives');
    expect(indexNames(plan), shown).toContain('objectives_level_team_deadline_idx');
  });
});
