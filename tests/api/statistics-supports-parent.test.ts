import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyResults, objectives } from '../../server/db/schema';
import { objectiveLinks } from '../../server/features/alignment/schema';
import { addLink, removeLink } from '../../server/features/alignment/alignment-links';
import { loadSessionUser } from '../../server/features/auth/session-user';
import { camelize } from '../../shared/api/case';
import { objectiveResponseSchema } from '../../shared/api/objectives';
import { statisticsResponseSchema } from '../../shared/api/statistics';
import type { Actor } from '../../shared/rules/session-user';
import { OBJECTIVES_SUPPORTING_BY_RULE } from '../support/supports-parent-rule';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// Statistics count what supports a team or company objective as objectives.supports_parent,
// kept by the triggers of migration 0015. After every kind of write (the hub's and any other
// writer's) it must equal the rule worked out from scratch: a link of the objective, its own or a
// key result's whose key result is not deleted, to a parent not deleted. On PGlite (api) and
// PostgreSQL (api-pg).

let w: ObjectiveWorld;

const actor = async (who: Who): Promise<Actor> => (await loadSessionUser(w.hub.db, w.ids[who]))!.user;

async function level(who: Who, kind: 'team' | 'company', title: string): Promise<number> {
  const res = await w.hub.post('/api/alignment/objectives', {
    title, level: kind, team_id: w.alpha, owner_id: w.ids[who], description: 'd', category: 'Management', subcategory: 'Organization', priority: 'high', deadline: day(90),
  }, { token: w.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return objectiveResponseSchema.parse(camelize(res.body)).data.id;
}
async function personal(who: Who, title: string): Promise<number> {
  const res = await w.create(who, { title });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}
async function keyResult(who: Who, objectiveId: number, title: string): Promise<number> {
  const res = await w.hub.post(`/api/objective/${objectiveId}`, { title, description: 'd', priority: 'medium', deadline: day(20) }, { token: w.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** The objectives whose kept flag says they support something. */
async function flagged(): Promise<number[]> {
  const rows = await w.hub.db.select({ id: objectives.id }).from(objectives).where(eq(objectives.supportsParent, true)).orderBy(objectives.id);
  return rows.map((r) => r.id);
}
/** The rule from scratch (the statement statistics ran before migration 0015). */
async function byRule(): Promise<number[]> {
  const result = await w.hub.db.execute(OBJECTIVES_SUPPORTING_BY_RULE);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}
/** The kept flag equals the rule, and it is the set given. */
async function expectSupporting(ids: number[]) {
  const rule = await byRule();
  expect(await flagged()).toEqual(rule);
  expect(rule).toEqual([...ids].sort((a, b) => a - b));
}
async function supportingFigure(): Promise<number> {
  const res = await w.hub.get('/api/statistics', { token: w.tokens.owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return statisticsResponseSchema.parse(camelize(res.body)).data.alignment!.supporting;
}
const setStatus = (id: number, status: string) => w.hub.db.update(objectives).set({ status }).where(eq(objectives.id, id));
const setKrStatus = (id: number, status: string) => w.hub.db.update(keyResults).set({ status }).where(eq(keyResults.id, id));

beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

describe('supports_parent behind the statistics alignment figure', () => {
  it('follows links added, removed and moved, key results deleted and restored, parents deleted and restored, children archived', async () => {
    const goal = await level('owner', 'company', 'Grow the platform');
    const team = await level('lead', 'team', 'Alpha initiative');
    const own = await personal('member', 'Supports by its own link');
    const viaKr = await personal('mate', 'Supports through a key result');
    const both = await personal('member', 'Supports both ways');
    const kr = await keyResult('mate', viaKr, 'Measure');
    const kr2 = await keyResult('member', both, 'Measure too');
    await expectSupporting([]);

    // links added (the hub's own addLink)
    await addLink(w.hub.db, await actor('lead'), team, { parentId: goal });
    await addLink(w.hub.db, await actor('member'), own, { parentId: team });
    const krLink = (await addLink(w.hub.db, await actor('mate'), viaKr, { parentId: team, keyResultId: kr })).supports[0];
    await addLink(w.hub.db, await actor('member'), both, { parentId: team });
    await addLink(w.hub.db, await actor('member'), both, { parentId: team, keyResultId: kr2 });
    await expectSupporting([team, own, viaKr, both]);
    expect(await supportingFigure()).toBe(4);

    // a key result deleted: its link stops counting; restored, it counts again
    expect((await w.hub.request('DELETE', `/api/key-result/${kr}`, { token: w.tokens.mate })).status).toBe(200);
    await expectSupporting([team, own, both]);
    expect(await supportingFigure()).toBe(3);
    await setKrStatus(kr, 'in progress');
    await expectSupporting([team, own, viaKr, both]);
    // one of two links gone (the key result's): still supports by the other
    await setKrStatus(kr2, 'deleted');
    await expectSupporting([team, own, viaKr, both]);

    // the parent deleted: everything that supports it stops counting (it still supports the goal,
    // but a deleted objective is in no statistics); restored, it counts again
    await setStatus(team, 'deleted');
    await expectSupporting([team]);
    expect(await supportingFigure()).toBe(0);
    await setStatus(team, 'in progress');
    await expectSupporting([team, own, viaKr, both]);
    // a status change that is not a deletion changes nothing
    await setStatus(team, 'completed');
    await expectSupporting([team, own, viaKr, both]);

    // the child archived: still supports (statistics count archived objectives in scope)
    await setStatus(own, 'archived');
    await expectSupporting([team, own, viaKr, both]);

    // a link removed (the hub's removeLink), and one moved to a deleted parent by another writer
    await removeLink(w.hub.db, await actor('mate'), krLink.id);
    await expectSupporting([team, own, both]);
    const deletedGoal = await level('owner', 'company', 'Abandoned goal');
    await setStatus(deletedGoal, 'deleted');
    await w.hub.db.update(objectiveLinks).set({ parentObjectiveId: deletedGoal }).where(eq(objectiveLinks.childObjectiveId, team));
    await expectSupporting([own, both]);
    await w.hub.db.update(objectiveLinks).set({ parentObjectiveId: goal }).where(eq(objectiveLinks.childObjectiveId, team));
    await expectSupporting([team, own, both]);

    // many links in one statement (as imports and the large seed write them), then all removed at once
    await w.hub.db.insert(objectiveLinks).values([{ parentObjectiveId: team, childObjectiveId: viaKr }, { parentObjectiveId: goal, childObjectiveId: deletedGoal }]);
    await expectSupporting([team, own, viaKr, both, deletedGoal]);
    await w.hub.db.delete(objectiveLinks).where(eq(objectiveLinks.parentObjectiveId, team));
    await expectSupporting([team, deletedGoal]);

    // rows removed: the key result's links go with it, and so do a removed parent's
    await addLink(w.hub.db, await actor('mate'), viaKr, { parentId: team, keyResultId: kr });
    await expectSupporting([team, viaKr, deletedGoal]);
    await w.hub.db.delete(keyResults).where(eq(keyResults.id, kr));
    await expectSupporting([team, deletedGoal]);
    await w.hub.db.delete(objectives).where(eq(objectives.id, goal));
    await expectSupporting([]);
    expect(await supportingFigure()).toBe(0);
  });

  it('holds when two writers remove the two links of one objective at the same time', async () => {
    const goal = await level('owner', 'company', 'Concurrent goal');
    const team = await level('lead', 'team', 'Concurrent initiative');
    const child = await personal('member', 'Two links');
    const first = (await addLink(w.hub.db, await actor('member'), child, { parentId: team })).supports[0].id;
    const second = (await addLink(w.hub.db, await actor('member'), child, { parentId: goal })).supports[0].id;
    expect(await flagged()).toContain(child);
    // on PostgreSQL each transaction's trigger first sees the other's link still there: the second
    // must wait for the first's lock on the objective and look again once it commits (PGlite runs
    // one transaction at a time)
    let firstDeleted!: () => void;
    const deleted = new Promise<void>((resolve) => { firstDeleted = resolve; });
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => { commit = resolve; });
    const one = w.hub.db.transaction(async (tx) => {
      await tx.delete(objectiveLinks).where(eq(objectiveLinks.id, first));
      firstDeleted();
      await committed;
    });
    await deleted;
    const two = w.hub.db.transaction(async (tx) => {
      await tx.delete(objectiveLinks).where(eq(objectiveLinks.id, second));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await Promise.all([one, two]);
    expect(await flagged()).not.toContain(child);
    expect(await flagged()).toEqual(await byRule());
  });
});
