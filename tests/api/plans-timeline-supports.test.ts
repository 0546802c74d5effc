import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_HEADERS, PLAN_SHEETS } from '../../server/features/plans/plans-xlsx';
import { addLink } from '../../server/features/alignment/alignment-links';
import { loadSessionUser } from '../../server/features/auth/session-user';
import { camelize } from '../../shared/api/case';
import { objectiveResponseSchema } from '../../shared/api/objectives';
import { plansResponseSchema } from '../../shared/api/plans';
import { timelineResponseSchema } from '../../shared/api/timeline';
import { PRIVATE_OBJECTIVE_LABEL } from '../../shared/rules/alignment';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';
import { readXlsx } from '../support/xlsx-read';

// The plans export and the timeline show the parents: what an objective supports, in
// the timeline's answer, the plans' answer and the plans workbook's 'Supports' column, each
// parent as the viewer may see it — a team objective of Alpha is 'a private objective' to Beta's
// people, its title in no answer they get. Links made with the hub's own addLink; answers read
// with the hub's schemas (api: PGlite, api-pg: PostgreSQL).

type Person = Who | 'betaManager';
let w: ObjectiveWorld;
const tokens = {} as Record<Person, string>;
const o = {} as Record<'company' | 'team' | 'supporting' | 'plain', number>;
const SECRET = 'Alpha secret initiative';

async function level(who: Who, level: 'team' | 'company', title: string): Promise<number> {
  const res = await w.hub.post('/api/alignment/objectives', {
    title, level, team_id: w.alpha, owner_id: w.ids[who], description: 'd', category: 'Management', subcategory: 'Organization', priority: 'high', deadline: day(90),
  }, { token: w.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return objectiveResponseSchema.parse(camelize(res.body)).data.id;
}

const actor = async (who: Who) => (await loadSessionUser(w.hub.db, w.ids[who]))!.user;

beforeAll(async () => {
  w = await buildWorld();
  const betaManager = await createUser(w.hub.db, { name: 'Ilie Manager', teamIds: [w.beta], manages: [w.beta] });
  Object.assign(tokens, w.tokens, { betaManager: (await w.hub.login(betaManager.username, TEST_PASSWORD)).token });
  o.company = await level('owner', 'company', 'Grow the platform');
  o.team = await level('lead', 'team', SECRET);
  const supporting = await w.create('member', { title: 'Public support', is_public: true });
  const plain = await w.create('member', { title: 'Nothing above', is_public: true, deadline: day(40) });
  o.supporting = supporting.body.data.id;
  o.plain = plain.body.data.id;
  const kr = await w.hub.post(`/api/objective/${o.supporting}`, { title: 'Measure', description: 'It', priority: 'medium', deadline: day(20) }, { token: w.tokens.member });
  expect(kr.status).toBe(200);
  // the objective supports the team objective, and through its key result the company one
  await addLink(w.hub.db, await actor('member'), o.supporting, { parentId: o.team });
  await addLink(w.hub.db, await actor('member'), o.supporting, { parentId: o.company, keyResultId: kr.body.data.id });
  await addLink(w.hub.db, await actor('lead'), o.team, { parentId: o.company });
});
afterAll(() => w?.hub.close());

async function timeline(who: Person) {
  const res = await w.hub.get('/api/timeline', { token: tokens[who] });
  expect(res.status).toBe(200);
  return { items: timelineResponseSchema.parse(camelize(res.body)).data.items, text: JSON.stringify(res.body) };
}

async function teamPlan(who: Person, team: number) {
  const res = await w.hub.post('/api/user/plans', { team }, { token: tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { items: plansResponseSchema.parse(camelize(res.body)).data.items, text: JSON.stringify(res.body) };
}

async function planSheet(who: Person, query = '') {
  const res = await fetch(`${w.hub.url}/api/exports/plans.xlsx${query}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
  expect(res.status).toBe(200);
  const sheet = readXlsx(await res.arrayBuffer()).sheet(PLAN_SHEETS.plan);
  const supports = PLAN_HEADERS.indexOf('Supports') + 1;
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => ({ type: sheet.cell(i + 2, 1), title: sheet.cell(i + 2, 2), supports: sheet.cell(i + 2, supports) }));
  return { header: sheet.row(1), rows };
}

describe('timeline: what each objective supports', () => {
  it('names every parent for a member who may see them (the team objective and, through a key result, the company one), in id order', async () => {
    const { items } = await timeline('member');
    const row = items.find((i) => i.id === o.supporting)!;
    expect(row.supports).toEqual([{ id: o.company, title: 'Grow the platform', level: 'company' }, { id: o.team, title: SECRET, level: 'team' }]);
    expect(items.find((i) => i.id === o.plain)!.supports).toEqual([]);
  });

  it("shows Beta's member the company objective and 'a private objective' for Alpha's team objective, its title and id in no part of the answer", async () => {
    const { items, text } = await timeline('outsider');
    expect(items.find((i) => i.id === o.supporting)!.supports).toEqual([{ id: o.company, title: 'Grow the platform', level: 'company' }, null]);
    expect(items.some((i) => i.id === o.team)).toBe(false);
    expect(text).not.toContain(SECRET);
  });
});

describe('plans: what each objective supports', () => {
  it('answers the plan of Alpha with the parents for the owner, and the team objective its own parent', async () => {
    const { items } = await teamPlan('owner', w.alpha);
    expect(items.find((i) => i.id === o.supporting)!.supports.map((s) => s?.title)).toEqual(['Grow the platform', SECRET]);
    expect(items.find((i) => i.id === o.team)!.supports.map((s) => s?.title)).toEqual(['Grow the platform']);
  });

  it("gives Beta's teams manager Alpha's plan with the team objective as 'a private objective'", async () => {
    const { items, text } = await teamPlan('betaManager', w.alpha);
    expect(items.find((i) => i.id === o.supporting)!.supports).toEqual([{ id: o.company, title: 'Grow the platform', level: 'company' }, null]);
    expect(text).not.toContain(SECRET);
  });

  it("writes a 'Supports' column in the workbook: titles for those who may see them, 'a private objective' otherwise, empty for none and on key result rows", async () => {
    const mine = await planSheet('member');
    expect(mine.header).toEqual(PLAN_HEADERS);
    expect(mine.header.at(-1)).toBe('Supports');
    expect(mine.rows.filter((r) => r.type === 'Objective').map((r) => [r.title, r.supports])).toEqual([
      ['Public support', `Grow the platform; ${SECRET}`],
      ['Nothing above', null],
    ]);
    expect(mine.rows.filter((r) => r.type === 'Key result').map((r) => r.supports)).toEqual([null]);
    const theirs = await planSheet('betaManager', `?team=${w.alpha}`);
    const row = theirs.rows.find((r) => r.title === 'Public support')!;
    expect(row.supports).toBe(`Grow the platform; ${PRIVATE_OBJECTIVE_LABEL}`);
    expect(JSON.stringify(theirs.rows)).not.toContain(SECRET);
  });
});
