import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyResults, objectives } from '../../server/db/schema';
import { planPages } from '../../server/features/plans/plans-data';
import { PLAN_COLUMN_WIDTHS, PLAN_HEADERS, PLAN_SHEETS, SUMMARY_HEADERS } from '../../server/features/plans/plans-xlsx';
import { loadSessionUser } from '../../server/features/auth/session-user';
import { teamPlans as readTeamPlans, teamPlanScope } from '../../server/features/plans/plans';
import { PLANS_MESSAGES } from '../../shared/api/plans';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';
import { expectSizedToContent } from '../support/xlsx-widths';
import { readXlsx } from '../support/xlsx-read';

// Plans (objective-tracking §3, §6, §7) with summaries worked out by hand.
let w: ObjectiveWorld;
let p1: number;

beforeAll(async () => {
  w = await buildWorld();
  const db = w.hub.db;
  const add = async (title: string, who: Who, teamId: number, status: string, deadline: string) => {
    const [row] = await db.insert(objectives).values({
      title, description: 'd', category: 'Technology', subcategory: 'Other', priority: 'high', ownerId: w.ids[who], authorId: w.ids[who], teamId, status, deadline,
    }).returning({ id: objectives.id });
    return row.id;
  };
  p1 = await add('P1 open', 'member', w.alpha, 'in progress', day(10));
  await add('P2 late', 'member', w.alpha, 'in progress', day(-3)); //  overdue
  await add('P3 done', 'member', w.alpha, 'completed', day(-5)); //    completed (not overdue)
  await add('P4 gone', 'member', w.alpha, 'deleted', day(1)); //       never listed
  await add('P5 mate', 'mate', w.alpha, 'completed', day(2));
  await add('P6 beta', 'outsider', w.beta, 'in progress', day(2));
  const kr = { objectiveId: p1, ownerId: w.ids.member, authorId: w.ids.member, description: 'd', priority: 'low', deadline: day(5) };
  await db.insert(keyResults).values([{ ...kr, title: 'K1', status: 'completed', percentage: 80 }, { ...kr, title: 'K2 gone', status: 'deleted' }]);
});
afterAll(() => w?.hub.close());

const teamPlans = (who: Who, body: unknown) => w.hub.post('/api/user/plans', body, { token: w.tokens[who] });

describe('GET /user/plans', () => {
  it('answers my objectives with their key results and my summary', async () => {
    const res = await w.hub.get('/api/user/plans', { token: w.tokens.member });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((o: { title: string }) => o.title)).toEqual(['P3 done', 'P2 late', 'P1 open']);
    const open = res.body.data.items[2];
    expect(open).toMatchObject({ owner: { id: w.ids.member, name: 'Bogdan Member' }, team: { name: 'Alpha' } });
    expect(open.key_results).toEqual([expect.objectContaining({ title: 'K1', status: 'completed', percentage: 80 })]);
    expect(res.body.data.plans).toEqual([
      { user_id: w.ids.member, name: 'Bogdan Member', email: expect.any(String), team: 'Alpha', completed_objectives: 1, overdue_objectives: 1, total_objectives: 3 },
    ]);
  });
});

describe('POST /user/plans {team}', () => {
  it('gives owners and teams managers the team’s objectives and one summary per member', async () => {
    for (const who of ['owner', 'manager'] as const) {
      const res = await teamPlans(who, { team: w.alpha });
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((o: { title: string }) => o.title).sort()).toEqual(['P1 open', 'P2 late', 'P3 done', 'P5 mate']);
      expect(res.body.data.plans.map((p: Record<string, unknown>) => [p.name, p.completed_objectives, p.overdue_objectives, p.total_objectives])).toEqual([
        ['Ana Lead', 0, 0, 0],
        ['Bogdan Member', 1, 1, 3],
        ['Carmen Mate', 1, 0, 1],
        ['Dan Manager', 0, 0, 0],
      ]);
    }
  });
  it('refuses team leads, members and guests with 403', async () => {
    for (const who of ['lead', 'member', 'guest'] as const) {
      const res = await teamPlans(who, { team: w.alpha });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].message).toBe(PLANS_MESSAGES.teamFilterForbidden);
    }
  });
  it('answers 400 for a missing, malformed or unknown team', async () => {
    const missing = await teamPlans('owner', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'team', message: 'Team is required' });
    expect((await teamPlans('owner', { team: 'x' })).status).toBe(400);
    const unknown = await teamPlans('owner', { team: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toBe(PLANS_MESSAGES.unknownTeam);
  });
});

describe('GET /exports/plans.xlsx', () => {
  async function workbook(who: Who, query = '') {
    const res = await fetch(`${w.hub.url}/api/exports/plans.xlsx${query}`, { headers: { authorization: `Bearer ${w.tokens[who]}` } });
    return { res, wb: res.status === 200 ? readXlsx(await res.arrayBuffer()) : undefined };
  }
  it('exports my plan: objectives with key results beneath, and my summary', async () => {
    const { res, wb } = await workbook('member');
    expect(res.status).toBe(200);
    const plan = wb!.sheet(PLAN_SHEETS.plan);
    expect(plan.row(1)).toEqual(PLAN_HEADERS);
    const rows = [2, 3, 4, 5].map((n) => [plan.cell(n, 1), plan.cell(n, 2)]);
    expect(rows).toEqual([['Objective', 'P3 done'], ['Objective', 'P2 late'], ['Objective', 'P1 open'], ['Key result', 'K1']]);
    // objectives bold, their key results not
    expect([2, 5].map((n) => plan.look(n, 2)?.bold)).toEqual([true, false]);
    expect(plan.cell(5, 9)).toBe(80);
    const summary = wb!.sheet(PLAN_SHEETS.summary);
    expect(summary.row(1)).toEqual(SUMMARY_HEADERS);
    expect(summary.row(2).slice(3)).toEqual([1, 1, 3]);
    expectSizedToContent(plan, PLAN_COLUMN_WIDTHS);
    expectSizedToContent(summary, PLAN_COLUMN_WIDTHS);
  });
  it('exports a team’s plan for owners only under the same rule', async () => {
    const { res, wb } = await workbook('owner', `?team=${w.alpha}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Alpha%20plans.xlsx');
    expect(wb!.sheet(PLAN_SHEETS.summary).rowCount).toBe(5);
    expect((await workbook('lead', `?team=${w.alpha}`)).res.status).toBe(403);
  });
  it('is read page by page with the same rows, in the same order, as the plans page', async () => {
    const owner = (await loadSessionUser(w.hub.db, w.ids.owner))!.user;
    const whole = await readTeamPlans(w.hub.db, owner, w.alpha);
    const pages = planPages(w.hub.db, teamPlanScope(owner, w.alpha), 1);
    const items = [];
    for await (const page of pages.items()) items.push(...page);
    const plans = [];
    for await (const page of pages.summaries()) plans.push(...page);
    expect(items.length).toBeGreaterThan(2);
    expect({ items, plans }).toEqual(whole);
  });
});

describe('a team’s plan holds the team’s objectives and its members’ objectives filed elsewhere (objective-tracking §3)', () => {
  it('includes an outsider’s objective filed under the team and a member’s filed under another team, nothing else', async () => {
    const db = w.hub.db;
    const add = async (title: string, who: Who, teamId: number) => {
      const [row] = await db.insert(objectives).values({
        title, description: 'd', category: 'Technology', subcategory: 'Other', priority: 'low', ownerId: w.ids[who], authorId: w.ids[who], teamId, status: 'in progress', deadline: day(20),
      }).returning({ id: objectives.id });
      return row.id;
    };
    await add('P7 outsider in Alpha', 'outsider', w.alpha);
    await add('P8 mate in Beta', 'mate', w.beta);
    const titles = async (teamId: number) => ((await teamPlans('owner', { team: teamId })).body.data.items as Array<{ title: string }>).map((o) => o.title).sort();
    expect(await titles(w.alpha)).toEqual(['P1 open', 'P2 late', 'P3 done', 'P5 mate', 'P7 outsider in Alpha', 'P8 mate in Beta']);
    expect(await titles(w.beta)).toEqual(['P6 beta', 'P7 outsider in Alpha', 'P8 mate in Beta']);
    const alpha = (await teamPlans('owner', { team: w.alpha })).body.data.plans as Array<{ name: string; total_objectives: number }>;
    expect(alpha.find((p) => p.name === 'Carmen Mate')?.total_objectives).toBe(2);
  });
});
