import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLink } from '../../server/features/alignment/alignment-links';
import { loadSessionUser } from '../../server/features/auth/session-user';
import { camelize } from '../../shared/api/case';
import { objectiveResponseSchema } from '../../shared/api/objectives';
import { statisticsResponseSchema, type StatisticsAlignment } from '../../shared/api/statistics';
import type { Actor } from '../../shared/rules/session-user';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// Alignment in the statistics, on the database the project runs (api: PGlite, api-pg:
// PostgreSQL): the share of objectives that support a team or company objective, per team, and
// the company objectives nothing supports, worked out by hand below. Links are made by the hub's
// own addLink; answers are read with the hub's schema.

let w: ObjectiveWorld;
const o = {} as Record<'grow' | 'expand' | 'team' | 'p1' | 'p2' | 'p4' | 'o1', number>;

async function actor(who: Who): Promise<Actor> {
  return (await loadSessionUser(w.hub.db, w.ids[who]))!.user;
}

async function level(who: Who, level: 'team' | 'company', title: string): Promise<number> {
  const res = await w.hub.post('/api/alignment/objectives', {
    title, level, team_id: w.alpha, owner_id: w.ids[who], description: 'd', category: 'Management', subcategory: 'Organization', priority: 'high', deadline: day(90),
  }, { token: w.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return objectiveResponseSchema.parse(camelize(res.body)).data.id;
}

async function personal(who: Who, title: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await w.create(who, { title, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

beforeAll(async () => {
  w = await buildWorld();
  o.grow = await level('owner', 'company', 'Grow the platform');
  o.expand = await level('owner', 'company', 'Expand abroad');
  o.team = await level('lead', 'team', 'Alpha secret initiative');
  o.p1 = await personal('member', 'Public support', { is_public: true });
  o.p2 = await personal('member', 'Unaligned work');
  o.p4 = await personal('mate', 'Through a key result');
  o.o1 = await personal('outsider', 'Beta work', { team_id: w.beta });
  const kr = await w.hub.post(`/api/objective/${o.p4}`, { title: 'Measure', description: 'It', priority: 'medium', deadline: day(20) }, { token: w.tokens.mate });
  expect(kr.status).toBe(200);
  await addLink(w.hub.db, await actor('lead'), o.team, { parentId: o.grow });
  await addLink(w.hub.db, await actor('member'), o.p1, { parentId: o.team });
  await addLink(w.hub.db, await actor('mate'), o.p4, { parentId: o.team, keyResultId: kr.body.data.id });
});
afterAll(() => w?.hub.close());

async function alignmentOf(who: Who, query = ''): Promise<{ alignment: StatisticsAlignment; text: string }> {
  const res = await w.hub.get(`/api/statistics${query}`, { token: w.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = statisticsResponseSchema.parse(camelize(res.body)).data;
  return { alignment: data.alignment!, text: JSON.stringify(res.body) };
}

/** Every value of an `id` or `*_id` key anywhere in a wire answer (a bare digit search would match dates). */
function idsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => (key === 'id' || key.endsWith('_id') ? [v, ...idsIn(v)] : idsIn(v)));
}

describe('GET /statistics alignment', () => {
  it('counts, for the owner, the objectives that support a team or company objective (a key result\'s link counts) and lists the unsupported company objectives', async () => {
    const { alignment } = await alignmentOf('owner');
    // not company objectives: team, p1, p2, p4 (Alpha) and o1 (Beta); supporting: team, p1, p4
    expect(alignment).toMatchObject({ objectives: 5, supporting: 3, percent: 60 });
    expect(alignment.byTeam).toEqual([
      { team: { id: w.alpha, name: 'Alpha' }, objectives: 4, supporting: 3, percent: 75 },
      { team: { id: w.beta, name: 'Beta' }, objectives: 1, supporting: 0, percent: 0 },
    ]);
    expect(alignment.unsupported).toEqual({
      items: [{ id: o.expand, title: 'Expand abroad', status: expect.any(String), deadline: day(90), owner: { id: w.ids.owner, name: 'Emil Owner' } }],
      total: 1,
    });
  });

  it('applies the team filter to what supports: nothing of Beta supports either company objective', async () => {
    const { alignment } = await alignmentOf('owner', `?team=${w.beta}`);
    expect(alignment).toMatchObject({ objectives: 1, supporting: 0, percent: 0 });
    expect(alignment.unsupported.items.map((u) => u.title)).toEqual(['Expand abroad', 'Grow the platform']);
    expect(alignment.unsupported.total).toBe(2);
  });

  it('counts only what the viewer may see: a member sees their own, their team\'s objective and the company\'s, not a mate\'s private one', async () => {
    const { alignment } = await alignmentOf('member');
    // team, p1, p2
    expect(alignment).toMatchObject({ objectives: 3, supporting: 2, percent: 66.7 });
  });

  it('never names a parent the viewer may not see: Beta\'s member counts the public objective as supporting, without learning what it supports', async () => {
    const { alignment, text } = await alignmentOf('outsider');
    // o1 and the public p1
    expect(alignment).toMatchObject({ objectives: 2, supporting: 1, percent: 50 });
    expect(text).not.toContain('Alpha secret initiative');
    expect(idsIn(JSON.parse(text))).not.toContain(o.team);
  });

  it('keeps the period: outside the range nothing is counted or listed', async () => {
    const { alignment } = await alignmentOf('owner', `?from=${day(-400)}&to=${day(-300)}`);
    expect(alignment).toEqual({ objectives: 0, company: 0, supporting: 0, percent: 0, byTeam: [], unsupported: { items: [], total: 0 } });
  });

  it('refuses the guest role (§6) as the rest of statistics', async () => {
    expect((await w.hub.get('/api/statistics', { token: w.tokens.guest })).status).toBe(403);
  });
});
