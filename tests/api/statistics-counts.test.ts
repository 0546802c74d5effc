import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyResults, objectives } from '../../server/db/schema';
import { withKeyResultCountsRefilled } from '../../server/features/statistics/statistics-counts';
import { OBJECTIVES_OFF_THE_OVERDUE_RULE } from '../support/overdue-rule';
import { buildWorld, day, type ObjectiveWorld } from './objectives-fixture';

// Statistics by employee read each objective's key result counts (objectives.kr_*) kept
// by the key_results_counts trigger. After every kind of write they must equal a recount from scratch,
// and the statistics must show them.
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

type Counts = { total: number; inTime: number; overdue: number };
const countsOf = async (objectiveId: number): Promise<Counts | undefined> => {
  const [row] = await w.hub.db.select({ total: objectives.keyResultsTotal, inTime: objectives.keyResultsInTime, overdue: objectives.keyResultsOverdue })
    .from(objectives).where(eq(objectives.id, objectiveId));
  return row;
};
const allCounts = async () => (await w.hub.db
  .select({ objectiveId: objectives.id, total: objectives.keyResultsTotal, inTime: objectives.keyResultsInTime, overdue: objectives.keyResultsOverdue })
  .from(objectives).orderBy(objectives.id))
  .filter((r) => r.total + r.inTime + r.overdue > 0);
/** the trigger's counts are the same as counting every key result again */
const expectRecountEqual = async () => {
  const recount = await w.hub.db.execute(sql`
    select k.objective_id as "objectiveId", count(*)::int as total,
      count(*) filter (where k.status = 'completed' and not k.last_modification_date::date > k.deadline)::int as "inTime",
      count(*) filter (where k.status = 'completed' and k.last_modification_date::date > k.deadline)::int as overdue
    from key_results k where k.status <> 'deleted' group by 1 order by 1`);
  expect(await allCounts()).toEqual((recount as unknown as { rows: unknown[] }).rows);
};
const memberFigures = async () => {
  const res = await w.hub.get('/api/statistics', { token: w.tokens.owner });
  expect(res.status).toBe(200);
  const row = res.body.data.by_employee.find((e: { id: number }) => e.id === w.ids.member);
  return row && { number: row.key_results_number, ...row.completed_key_results };
};
const addKr = async (objectiveId: number, title: string) =>
  (await w.hub.post(`/api/objective/${objectiveId}`, { title, description: 'd', deadline: day(5) }, { token: w.tokens.member })).body.data as { id: number };
const putKr = (id: number, body: Record<string, unknown>) => w.hub.request('PUT', `/api/key-result/${id}`, { token: w.tokens.member, body });

describe('key result counts behind statistics by employee', () => {
  it('follow create, complete, start again, a late completion, delete, restore and objective deletion', async () => {
    const o = (await w.create('member')).body.data as { id: number };
    const [k1, k2, k3] = [await addKr(o.id, 'k1'), await addKr(o.id, 'k2'), await addKr(o.id, 'k3')];
    expect(await countsOf(o.id)).toEqual({ total: 3, inTime: 0, overdue: 0 });
    expect(await memberFigures()).toEqual({ number: 3, in_time: 0, overdue: 0 });

    expect((await putKr(k1.id, { action: 'complete' })).status).toBe(200);
    expect((await putKr(k2.id, { action: 'complete' })).status).toBe(200);
    expect(await countsOf(o.id)).toEqual({ total: 3, inTime: 2, overdue: 0 });
    // completed today, after a deadline three days ago: overdue (any writer, here the database)
    await w.hub.db.update(keyResults).set({ deadline: day(-3) }).where(eq(keyResults.id, k2.id));
    expect(await countsOf(o.id)).toEqual({ total: 3, inTime: 1, overdue: 1 });
    expect((await putKr(k1.id, { action: 'start' })).status).toBe(200);
    expect(await countsOf(o.id)).toEqual({ total: 3, inTime: 0, overdue: 1 });
    expect(await memberFigures()).toEqual({ number: 3, in_time: 0, overdue: 1 });

    expect((await w.hub.request('DELETE', `/api/key-result/${k3.id}`, { token: w.tokens.member })).status).toBe(200);
    expect(await countsOf(o.id)).toEqual({ total: 2, inTime: 0, overdue: 1 });
    await w.hub.db.update(keyResults).set({ status: 'in progress' }).where(eq(keyResults.id, k3.id)); // restored
    expect(await countsOf(o.id)).toEqual({ total: 3, inTime: 0, overdue: 1 });
    // a title change counts nothing new
    expect((await putKr(k3.id, { title: 'k3 renamed', ...(await w.keyResultVersion(k3.id)) })).status).toBe(200);
    expect(await countsOf(o.id)).toEqual({ total: 3, inTime: 0, overdue: 1 });
    await expectRecountEqual();

    // a lead's Delete removes the objective: no longer in the statistics
    expect((await w.put('lead', o.id, { action: 'delete' })).status).toBe(200);
    expect(await memberFigures()).toBeUndefined();
    // and removing its row takes its key results and their counts with it
    await w.hub.db.delete(objectives).where(eq(objectives.id, o.id));
    expect(await countsOf(o.id)).toBeUndefined();
    await expectRecountEqual();
  });

  it('move with a key result to another objective', async () => {
    const a = (await w.create('member')).body.data as { id: number };
    const b = (await w.create('member')).body.data as { id: number };
    const k = await addKr(a.id, 'moving');
    await putKr(k.id, { action: 'complete' });
    await w.hub.db.update(keyResults).set({ objectiveId: b.id }).where(eq(keyResults.id, k.id));
    expect(await countsOf(a.id)).toEqual({ total: 0, inTime: 0, overdue: 0 });
    expect(await countsOf(b.id)).toEqual({ total: 1, inTime: 1, overdue: 0 });
    await expectRecountEqual();
  });

  it('are recounted once after a bulk load that ran without the trigger (the large seed)', async () => {
    const o = (await w.create('member')).body.data as { id: number };
    const kr = { objectiveId: o.id, ownerId: w.ids.member, authorId: w.ids.member, description: 'd', priority: 'low', deadline: day(5) };
    await w.hub.db.transaction(async (tx) => {
      await withKeyResultCountsRefilled(tx, async () => {
        await tx.insert(keyResults).values([{ ...kr, title: 'b1' }, { ...kr, title: 'b2', status: 'completed' }, { ...kr, title: 'b3', status: 'deleted' }]);
        // the trigger is off while loading
        const [row] = await tx.select({ total: objectives.keyResultsTotal }).from(objectives).where(eq(objectives.id, o.id));
        expect(row.total).toBe(0);
      });
    });
    expect(await countsOf(o.id)).toEqual({ total: 2, inTime: 1, overdue: 0 });
    await expectRecountEqual();
    // and on again afterwards
    await addKr(o.id, 'after');
    expect(await countsOf(o.id)).toEqual({ total: 3, inTime: 1, overdue: 0 });
  });
});

// Statistics read "overdue" as overdue_after < current_date, kept by the
// objectives_overdue_after trigger. After every kind of write it must equal the rule itself.
describe('the overdue day behind statistics', () => {
  const overdueAfterOf = async (id: number) =>
    (await w.hub.db.select({ day: objectives.overdueAfter }).from(objectives).where(eq(objectives.id, id)))[0]?.day;
  /** every objective's overdue_after is the rule computed from scratch */
  const expectRuleEqual = async () => {
    const wrong = await w.hub.db.execute(OBJECTIVES_OFF_THE_OVERDUE_RULE);
    expect((wrong as unknown as { rows: unknown[] }).rows).toEqual([]);
  };
  const statusFigures = async (status: string) => {
    const res = await w.hub.get('/api/statistics', { token: w.tokens.owner });
    expect(res.status).toBe(200);
    return res.body.data.by_status.items.find((i: { status: string }) => i.status === status) ?? { in_time: 0, overdue: 0 };
  };

  it('follows create, a deadline moved, completion in time and late, and starting again', async () => {
    const before = await statusFigures('in progress');
    const o = (await w.create('member', { deadline: day(5) })).body.data as { id: number };
    expect(await overdueAfterOf(o.id)).toBe(day(5));
    expect(await statusFigures('in progress')).toMatchObject({ in_time: before.in_time + 1, overdue: before.overdue });

    // any writer, here the database: the deadline passed three days ago
    await w.hub.db.update(objectives).set({ deadline: day(-3) }).where(eq(objectives.id, o.id));
    expect(await overdueAfterOf(o.id)).toBe(day(-3));
    expect(await statusFigures('in progress')).toMatchObject({ in_time: before.in_time, overdue: before.overdue + 1 });

    const done = await statusFigures('completed');
    // completed today, after that deadline: late for good
    await w.hub.db.update(objectives).set({ status: 'completed', lastModificationDate: new Date() }).where(eq(objectives.id, o.id));
    expect(await overdueAfterOf(o.id)).toBe('-infinity');
    expect(await statusFigures('completed')).toMatchObject({ in_time: done.in_time, overdue: done.overdue + 1 });
    // the deadline moved to next week: the same completion is now in time
    await w.hub.db.update(objectives).set({ deadline: day(7) }).where(eq(objectives.id, o.id));
    expect(await overdueAfterOf(o.id)).toBe('infinity');
    expect(await statusFigures('completed')).toMatchObject({ in_time: done.in_time + 1, overdue: done.overdue });

    // started again: overdue once its deadline day has passed, not before
    await w.hub.db.update(objectives).set({ status: 'in progress' }).where(eq(objectives.id, o.id));
    expect(await overdueAfterOf(o.id)).toBe(day(7));
    // a write that names the column cannot set it by hand
    await w.hub.db.update(objectives).set({ overdueAfter: '2000-01-01' }).where(eq(objectives.id, o.id));
    expect(await overdueAfterOf(o.id)).toBe(day(7));
    // a key result's count changing on the objective leaves it as it is
    await addKr(o.id, 'k');
    expect(await overdueAfterOf(o.id)).toBe(day(7));
    await expectRuleEqual();
  });
});
