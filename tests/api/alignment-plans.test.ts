import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCompany } from '../../server/db/seed/large';
import { startTestHub, type TestHub } from '../support/hub';
import { PLANS_COMPANY, recordStatements, seqScans, type RawClient, type Statement, type StatementRecorder } from '../support/query-plans';

// The alignment view loads one level at a time on the large company (here at 1,000
// staff, 25,000 objectives, aligned as the large seed aligns it). Each statement the tree, the search and
// the picker send is read with EXPLAIN: the objectives, their links and key results are reached
// through indexes, never by reading the table (as query-plans.test.ts does for the lists).

describe('alignment query plans on the large company (1,000 staff)', () => {
  let hub: TestHub;
  let recorder: StatementRecorder;
  let client: RawClient;
  const tokens = new Map<string, string>();
  let company = 0;
  let team = 0;

  beforeAll(async () => {
    hub = await startTestHub({ seed: 'none' });
    await seedLargeCompany(hub.db, { size: PLANS_COMPANY, now: new Date() });
    recorder = recordStatements(hub);
    client = recorder.client;
    expect(Number((await client.query('select count(*)::int as n from objective_links')).rows[0].n)).toBeGreaterThan(1000);
    for (const role of ['owner', 'lead', 'member']) tokens.set(role, (await hub.login(role)).token);
    company = Number((await client.query(`select id from objectives where level = 'company' order by id limit 1`)).rows[0].id);
    // the member's team's objective with the most supporters: the lead and the member see it
    team = Number((await client.query(`select parent_objective_id as id from objective_links l join objectives o on o.id = l.parent_objective_id
      where o.level = 'team' and o.team_id in (select m.team_id from team_members m join users u on u.id = m.user_id where u.username = 'member')
      group by 1 order by count(*) desc limit 1`)).rows[0].id);
  }, 240_000);
  afterAll(async () => {
    await hub?.close();
  });

  const statementsOf = async (role: string, path: string) => (await recorder.statementsOf(tokens.get(role) ?? '', path))
    .filter((s) => /objective_links|"objectives"|from objectives/.test(s.text));
  const seqScansOf = async (statement: Statement) => seqScans(await recorder.planOf(statement));

  const big = ['objectives', 'key_results', 'objective_links', 'key_result_check_ins'];

  for (const role of ['owner', 'lead', 'member']) {
    it(`the tree's top, a company objective's and a team objective's supporters, as the ${role}: no table read whole`, async () => {
      for (const path of ['/api/alignment/tree', `/api/alignment/tree?parent_id=${company}`, `/api/alignment/tree?parent_id=${team}&limit=100`]) {
        const statements = await statementsOf(role, path);
        expect(statements.length, path).toBeGreaterThan(0);
        for (const s of statements) expect((await seqScansOf(s)).filter((t) => big.includes(t)), `${path}: ${s.text.slice(0, 200)}`).toEqual([]);
      }
    });
  }

  // The search is left out: a title containing the text cannot use a b-tree index, so PostgreSQL
  // rightly filters the objectives in one pass (bench/alignment.ts times it on 250,000).
  it("the 'Supports' picker: no table read whole", async () => {
    const personal = Number((await client.query(`select child_objective_id as id from objective_links l join objectives o on o.id = l.child_objective_id
      where o.level = 'personal' order by 1 limit 1`)).rows[0].id);
    for (const [role, path] of [['owner', `/api/alignment/candidates?objective_id=${personal}&q=goal`], ['owner', `/api/alignment/candidates?objective_id=${personal}`]]) {
      const statements = await statementsOf(role, path);
      for (const s of statements) expect((await seqScansOf(s)).filter((t) => big.includes(t)), `${path}: ${s.text.slice(0, 200)}`).toEqual([]);
    }
  });
});
