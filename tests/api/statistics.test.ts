import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, keyResults, objectives, users } from '../../server/db/schema';
import { STATISTICS_MESSAGES } from '../../shared/api/statistics';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// GET /statistics on a small fixture whose right answers are worked out by hand below.
let w: ObjectiveWorld;
let jobId: number;
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  w = await buildWorld();
  const db = w.hub.db;
  [{ id: jobId }] = await db.insert(jobs).values({ name: 'Tester' }).returning({ id: jobs.id });
  await db.update(users).set({ jobId }).where(eq(users.id, w.ids.outsider));
  const base = { description: 'd', subcategory: 'Other', priority: 'medium' };
  const add = async (key: string, ownerId: number, teamId: number, category: string, status: string, deadline: string, extra: Partial<typeof objectives.$inferInsert> = {}) => {
    const [row] = await db.insert(objectives).values({ ...base, title: key, ownerId, authorId: ownerId, teamId, category, status, deadline, ...extra }).returning({ id: objectives.id });
    return row.id;
  };
  const { member, mate, outsider } = w.ids;
  const A = await add('A', member, w.alpha, 'Technology', 'in progress', day(10)); //              in time
  await add('B', member, w.alpha, 'Technology', 'in progress', day(-5)); //                       overdue
  await add('C', member, w.alpha, 'Personal', 'completed', day(-10), { lastModificationDate: ago(12) }); // done before the deadline: in time
  const D = await add('D', mate, w.alpha, 'Personal', 'completed', day(-10)); //                  done today, after the deadline: overdue
  await add('E', outsider, w.beta, 'Management', 'in progress', day(5)); //                       in time
  await add('F', outsider, w.beta, 'Management', 'completed', day(5)); //                         in time
  await add('G', member, w.alpha, 'Technology', 'in progress', day(5), { createdAt: ago(240) }); // outside the last 6 months
  await add('H', member, w.alpha, 'Technology', 'deleted', day(5)); //                            deleted: never counted
  const kr = { description: 'd', priority: 'low', authorId: w.ids.lead };
  await db.insert(keyResults).values([
    { ...kr, objectiveId: A, ownerId: member, title: 'k1', status: 'completed', deadline: day(5) }, // in time
    { ...kr, objectiveId: A, ownerId: member, title: 'k2', status: 'in progress', deadline: day(5) },
    { ...kr, objectiveId: A, ownerId: member, title: 'k3', status: 'deleted', deadline: day(5) }, //  not counted
    { ...kr, objectiveId: D, ownerId: mate, title: 'k4', status: 'completed', deadline: day(-20) }, // overdue
  ]);
});
afterAll(() => w?.hub.close());

const stats = (who: Who, query = '') => w.hub.get(`/api/statistics${query}`, { token: w.tokens[who] });

describe('GET /statistics', () => {
  it('answers the owner with every figure of the fixture', async () => {
    const res = await stats('owner');
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.by_status).toEqual({
      items: [
        { status: 'completed', in_time: 2, overdue: 1, percent: 50 },
        { status: 'in progress', in_time: 2, overdue: 1, percent: 50 },
      ],
      total: 6,
    });
    expect(s.by_category).toEqual({
      items: [
        { category: 'Management', in_time: 2, overdue: 0, percent: 33.3 },
        { category: 'Personal', in_time: 1, overdue: 1, percent: 33.3 },
        { category: 'Technology', in_time: 1, overdue: 1, percent: 33.3 },
      ],
      total: 6,
    });
    expect(s.by_team).toEqual([
      { team: { id: w.alpha, name: 'Alpha' }, total: 4, percent: 66.7, at_risk: 0, off_track: 0, status_distribution: [{ status: 'completed', in_time: 1, overdue: 1, total: 2 }, { status: 'in progress', in_time: 1, overdue: 1, total: 2 }] },
      { team: { id: w.beta, name: 'Beta' }, total: 2, percent: 33.3, at_risk: 0, off_track: 0, status_distribution: [{ status: 'completed', in_time: 1, overdue: 0, total: 1 }, { status: 'in progress', in_time: 1, overdue: 0, total: 1 }] },
    ]);
    // sorted by team name (§9)
    expect(s.by_employee).toEqual([
      { id: w.ids.member, name: 'Bogdan Member', team: 'Alpha', objectives_number: 3, completed_objectives: { in_time: 1, overdue: 0 }, key_results_number: 2, completed_key_results: { in_time: 1, overdue: 0 } },
      { id: w.ids.mate, name: 'Carmen Mate', team: 'Alpha', objectives_number: 1, completed_objectives: { in_time: 0, overdue: 1 }, key_results_number: 1, completed_key_results: { in_time: 0, overdue: 1 } },
      { id: w.ids.outsider, name: 'Flavia Outsider', team: 'Beta', objectives_number: 2, completed_objectives: { in_time: 1, overdue: 0 }, key_results_number: 0, completed_key_results: { in_time: 0, overdue: 0 } },
    ]);
    expect(s.all_teams.map((t: { name: string }) => t.name)).toEqual(['Alpha', 'Beta']);
    // everyone of the world signed in once today
    expect(s.by_login[0]).toMatchObject({ date: new Date().toISOString().slice(0, 10), logins: 8, users: 8 });
  });

  it('lets the owner filter by team and by job', async () => {
    expect((await stats('owner', `?team=${w.beta}`)).body.data.by_status.total).toBe(2);
    const byJob = (await stats('owner', `?job=${jobId}`)).body.data;
    expect(byJob.by_employee.map((e: { name: string }) => e.name)).toEqual(['Flavia Outsider']);
    expect(byJob.by_login[0]).toMatchObject({ logins: 1, users: 1 });
  });

  it('counts objectives created in the range: an older range finds only G', async () => {
    const res = await stats('owner', `?from=${day(-300)}&to=${day(-200)}`);
    expect(res.body.data.by_status).toEqual({ items: [{ status: 'in progress', in_time: 1, overdue: 0, percent: 100 }], total: 1 });
    expect(res.body.data).toMatchObject({ from: day(-300), to: day(-200) });
  });

  it('shows a team lead their team only, and a member their own objectives', async () => {
    const lead = (await stats('lead')).body.data;
    expect(lead.by_status.total).toBe(4);
    expect(lead.by_team.map((t: { team: { name: string } }) => t.team.name)).toEqual(['Alpha']);
    expect(lead.by_login[0]).toMatchObject({ users: 4 }); // lead, member, mate, manager of Alpha
    const member = (await stats('member')).body.data;
    expect(member.by_status.total).toBe(3);
    expect(member.by_login[0]).toMatchObject({ users: 1 });
  });

  it('refuses the team filter to non-owners with 403', async () => {
    for (const who of ['lead', 'manager', 'member'] as const) {
      const res = await stats(who, `?team=${w.alpha}`);
      expect(res.status).toBe(403);
      expect(res.body.errors[0].message).toBe(STATISTICS_MESSAGES.teamFilterOwnerOnly);
    }
  });

  it('refuses the Guest role with 403', async () => {
    expect((await stats('guest')).status).toBe(403);
  });

  it('answers 400 for bad dates and a reversed range', async () => {
    expect((await stats('owner', '?from=yesterday')).status).toBe(400);
    const reversed = await stats('owner', `?from=${day(0)}&to=${day(-1)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0]).toMatchObject({ field: 'from' });
  });
});
