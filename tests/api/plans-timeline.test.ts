import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyResults, objectives } from '../../server/db/schema';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// GET /timeline — the objectives the user may see, key results as subtasks.
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
  const add = async (title: string, who: Who, teamId: number, status = 'in progress', isPublic = false) => {
    const [row] = await w.hub.db.insert(objectives).values({
      title, description: 'd', category: 'Technology', subcategory: 'Other', priority: 'high', ownerId: w.ids[who], authorId: w.ids[who], teamId, status, deadline: day(20), isPublic,
    }).returning({ id: objectives.id });
    return row.id;
  };
  const t1 = await add('T1 member', 'member', w.alpha);
  await add('T2 mate', 'mate', w.alpha, 'completed');
  await add('T3 outsider private', 'outsider', w.beta);
  await add('T4 outsider public', 'outsider', w.beta, 'in progress', true);
  await add('T5 deleted', 'member', w.alpha, 'deleted');
  const kr = { objectiveId: t1, ownerId: w.ids.member, authorId: w.ids.member, description: 'd', priority: 'lowest', deadline: day(10) };
  await w.hub.db.insert(keyResults).values([{ ...kr, title: 'KR done', status: 'completed' }, { ...kr, title: 'KR gone', status: 'deleted' }]);
});
afterAll(() => w?.hub.close());

const titles = async (who: Who, query = '') => {
  const res = await w.hub.get(`/api/timeline${query}`, { token: w.tokens[who] });
  expect(res.status).toBe(200);
  return res.body.data.items.map((o: { title: string }) => o.title).sort();
};

describe('GET /timeline', () => {
  it('draws what the objectives list would show each person', async () => {
    expect(await titles('lead')).toEqual(['T1 member', 'T2 mate', 'T4 outsider public']);
    expect(await titles('member')).toEqual(['T1 member', 'T4 outsider public']);
    expect(await titles('owner')).toEqual(['T1 member', 'T2 mate', 'T3 outsider private', 'T4 outsider public']);
  });
  it('narrows to mine and to a status', async () => {
    expect(await titles('member', '?scope=mine')).toEqual(['T1 member']);
    expect(await titles('lead', '?status=completed')).toEqual(['T2 mate']);
  });
  it('carries start and deadline of each bar and the key results as subtasks', async () => {
    const res = await w.hub.get('/api/timeline?scope=mine', { token: w.tokens.member });
    const [o] = res.body.data.items;
    expect(o).toMatchObject({ start: new Date().toISOString().slice(0, 10), deadline: day(20), priority: 'high', owner: { id: w.ids.member } });
    expect(o.key_results).toEqual([expect.objectContaining({ title: 'KR done', status: 'completed', deadline: day(10), priority: 'lowest' })]);
    expect(res.body.data.truncated).toBe(false);
  });
  it('answers 400 for an unknown scope', async () => {
    expect((await w.hub.get('/api/timeline?scope=everyone', { token: w.tokens.member })).status).toBe(400);
  });
});
