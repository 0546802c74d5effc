import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectives } from '../../server/db/schema';
import { deleteTeam } from '../../server/features/admin/teams';
import { camelize } from '../../shared/api/case';
import { statisticsResponseSchema, type Statistics } from '../../shared/api/statistics';
import { createTeam } from '../support/factories';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// Why the statistics' counts differ, in figures the hub sends: By status counts every objective
// in scope; By team only those a team holds (no_team: company objectives, and those whose team was
// deleted); Alignment all but the company ones (alignment.company). Worked out by hand below.

let w: ObjectiveWorld;

beforeAll(async () => {
  w = await buildWorld();
  for (const title of ['Grow the platform', 'Expand abroad']) {
    const res = await w.hub.post('/api/alignment/objectives', {
      title, level: 'company', owner_id: w.ids.owner, description: 'd', category: 'Management', subcategory: 'Organization', priority: 'high', deadline: day(90),
    }, { token: w.tokens.owner });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  for (const title of ['Alpha one', 'Alpha two']) expect((await w.create('member', { title })).status).toBe(200);
  expect((await w.create('outsider', { title: 'Beta one', team_id: w.beta })).status).toBe(200);
  // an objective of a team that is deleted since: the team goes, the objective stays with no team
  const gamma = (await createTeam(w.hub.db, { name: 'Gamma' })).id;
  await w.hub.db.insert(objectives).values({
    title: 'Gamma work', description: 'd', category: 'Technology', subcategory: 'Other', priority: 'medium', deadline: day(20),
    ownerId: w.ids.member, authorId: w.ids.member, teamId: gamma,
  });
  await deleteTeam(w.hub.db, w.ids.owner, gamma);
});
afterAll(() => w?.hub.close());

async function statisticsOf(who: Who): Promise<Statistics> {
  const res = await w.hub.get('/api/statistics', { token: w.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return statisticsResponseSchema.parse(camelize(res.body)).data;
}

const teamsTotal = (s: Statistics) => s.byTeam.reduce((n, t) => n + t.total, 0);

describe('GET /statistics: what each figure leaves out', () => {
  it('for the owner: By team leaves out the 2 company objectives and the 1 whose team was deleted; Alignment the company ones', async () => {
    const s = await statisticsOf('owner');
    expect(s.byStatus.total).toBe(6);
    expect(s.byTeam.map((t) => [t.team.name, t.total])).toEqual([['Alpha', 2], ['Beta', 1]]);
    expect(s.noTeam).toEqual({ company: 2, teamDeleted: 1 });
    expect(teamsTotal(s) + (s.noTeam?.company ?? 0) + (s.noTeam?.teamDeleted ?? 0)).toBe(s.byStatus.total);
    // the deleted team's objective is of no team, and still counts towards alignment
    expect(s.alignment).toMatchObject({ objectives: 4, company: 2 });
    expect((s.alignment?.objectives ?? 0) + (s.alignment?.company ?? 0)).toBe(s.byStatus.total);
  });

  it("counts only what the viewer sees: Beta's member has their own and the company's", async () => {
    const s = await statisticsOf('outsider');
    expect(s.byStatus.total).toBe(3);
    expect(s.noTeam).toEqual({ company: 2, teamDeleted: 0 });
    expect(s.alignment).toMatchObject({ objectives: 1, company: 2 });
    expect(teamsTotal(s)).toBe(1);
  });

  it('the guest role is refused (§6), with no figures', async () => {
    const res = await w.hub.get('/api/statistics', { token: w.tokens.guest });
    expect(res.status).toBe(403);
    expect(res.body.data).toBeUndefined();
  });
});
