import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledSize, seedLargeCompany } from '../../server/db/seed/large';
import { startTestHub, type TestHub } from '../support/hub';

// issue 24: the alignment figures of statistics must keep the all-teams statistics target
// (bench/api.ts): the counts come from the grouped pass (supports_parent and level, from
// objectives_statistics_aligned_idx), the unsupported company objectives from one small statement.
// Read on the large company at 1,000 staff (as query-plans.test.ts does), aligned by its seed, each
// plan read with EXPLAIN, no planner settings forced.

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

  async function alignmentStatements(path: string): Promise<{ unsupported: Statement; grouped: Statement; answer: Record<string, unknown> }> {
    recording = [];
    try {
      const response = await hub.get(path, { token });
      expect(response.status, path).toBe(200);
      const found = recording.filter((s) => s.text.includes('objective_links'));
      expect(found, 'one statement reads the links').toHaveLength(1);
      const grouped = recording.filter((s) => s.text.includes('"supports_parent"'));
      expect(grouped, 'the grouped pass counts what supports').toHaveLength(1);
      return { unsupported: found[0], grouped: grouped[0], answer: response.body.data.alignment };
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

  const shownOf = (plan: PlanNode[]) => JSON.stringify(plan.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]));

  it('all teams: the counts from the grouped pass; company objectives by the level index, what supports them by the links\' parent index', async () => {
    const { unsupported, grouped, answer } = await alignmentStatements('/api/statistics');
    expect(answer).toMatchObject({ objectives: expect.any(Number), supporting: expect.any(Number) });
    expect((answer as { supporting: number }).supporting).toBeGreaterThan(0);
    // the counts are the grouped pass's: no statement of their own (at 1,000 staff PostgreSQL reads
    // the whole table for all teams; on the large company, objectives_statistics_aligned_idx alone)
    expect(grouped.text).toContain('"level"');
    const plan = await planOf(unsupported);
    expect(indexNames(plan), shownOf(plan)).toContain('objectives_level_team_deadline_idx');
    expect(indexNames(plan), shownOf(plan)).toContain('objective_links_parent_idx');
  });

  it('one team: its objectives by index, never a scan of all objectives', async () => {
    const teamId = Number(((await client.query(`select m.team_id from team_members m join users u on u.id = m.user_id where u.username = 'lead' and m.is_lead`)).rows[0]).team_id);
    const { unsupported, grouped } = await alignmentStatements(`/api/statistics?team=${teamId}`);
    const groupedPlan = await planOf(grouped);
    expect(seqScans(groupedPlan), shownOf(groupedPlan)).not.toContain('objectives');
    const plan = await planOf(unsupported);
    expect(seqScans(plan), shownOf(plan)).not.toContain('objectives');
    expect(indexNames(plan), shownOf(plan)).toContain('objectives_level_team_deadline_idx');
  });
});
