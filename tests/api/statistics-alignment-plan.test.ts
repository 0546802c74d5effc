import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCompany } from '../../server/db/seed/large';
import { startTestHub, type TestHub } from '../support/hub';
import {
  indexNames, planText, PLANS_COMPANY, recordStatements, seqScans, type RawClient, type Statement, type StatementRecorder,
} from '../support/query-plans';

// The alignment figures of statistics must keep the all-teams statistics target
// (bench/api.ts): the counts come from the grouped pass (supports_parent and level, from
// objectives_statistics_aligned_idx), the unsupported company objectives from one small statement.
// Read on the large company at 1,000 staff (as query-plans.test.ts does), aligned by its seed, each
// plan read with EXPLAIN, no planner settings forced.

describe('statistics alignment on the large company (1,000 staff)', () => {
  let hub: TestHub;
  let recorder: StatementRecorder;
  let client: RawClient;
  let token = '';

  beforeAll(async () => {
    hub = await startTestHub({ seed: 'none' });
    await seedLargeCompany(hub.db, { size: PLANS_COMPANY, now: new Date() });
    recorder = recordStatements(hub);
    client = recorder.client;
    // the seed aligns the company itself (server/db/seed/large/alignment.ts)
    await client.query('analyze');
    token = (await hub.login('owner')).token;
  }, 240_000);
  afterAll(async () => {
    await hub?.close();
  });

  async function alignmentStatements(path: string): Promise<{ unsupported: Statement; grouped: Statement; answer: Record<string, unknown> }> {
    const { statements, body } = await recorder.record(token, path);
    const found = statements.filter((s) => s.text.includes('objective_links'));
    expect(found, 'one statement reads the links').toHaveLength(1);
    const grouped = statements.filter((s) => s.text.includes('"supports_parent"'));
    expect(grouped, 'the grouped pass counts what supports').toHaveLength(1);
    return { unsupported: found[0], grouped: grouped[0], answer: body.data.alignment as Record<string, unknown> };
  }

  const planOf = (statement: Statement) => recorder.planOf(statement);
  const shownOf = planText;

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
