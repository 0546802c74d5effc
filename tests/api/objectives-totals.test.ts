import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectives } from '../../server/db/schema';
import { objectiveCountResponseSchema } from '../../shared/api/objectives';
import { OBJECTIVES_TOTAL_CAP, objectivesTotalBound } from '../../shared/rules/objective-totals';
import { createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// GET /objective counts its matches only up to a bound (the cap, or five pages past the
// requested one) and says whether the total is exact; GET /objective/count gives the real number
// for the same filters. 2,000 objectives of one person, written in one insert, stand in for a
// large company.

const MANY = 2000;

let hub: TestHub;
const tokens: Record<'owner' | 'busy' | 'quiet' | 'other', string> = { owner: '', busy: '', quiet: '', other: '' };
const ids = { busy: 0, quiet: 0 };

beforeAll(async () => {
  hub = await startTestHub();
  const team = (await createTeam(hub.db)).id;
  const owner = await createUser(hub.db, { isOwner: true });
  const busy = await createUser(hub.db, { teamIds: [team] });
  const quiet = await createUser(hub.db, { teamIds: [team] });
  const other = await createUser(hub.db, { teamIds: [team] });
  ids.busy = busy.id;
  ids.quiet = quiet.id;
  const row = (ownerId: number, i: number) => ({
    title: `Objective ${String(i).padStart(4, '0')}`, description: 'Bulk', category: 'Technology', subcategory: 'Development',
    priority: 'medium', deadline: `2031-01-${String((i % 28) + 1).padStart(2, '0')}`, authorId: ownerId, ownerId, teamId: team,
  });
  await hub.db.insert(objectives).values(Array.from({ length: MANY }, (_, i) => row(busy.id, i)));
  await hub.db.insert(objectives).values([0, 1, 2].map((i) => row(quiet.id, i)));
  for (const [who, user] of [['owner', owner], ['busy', busy], ['quiet', quiet], ['other', other]] as const) {
    tokens[who] = (await hub.login(user.username, TEST_PASSWORD)).token;
  }
}, 120_000);
afterAll(() => hub?.close());

const list = async (who: keyof typeof tokens, query: string) => {
  const res = await hub.get(`/api/objective?${query}`, { token: tokens[who] });
  expect(res.status, query).toBe(200);
  return res.body.data as { items: Array<{ id: number }>; total: number; total_is_exact: boolean; page: number; limit: number };
};

describe('GET /objective bounded total', () => {
  it('more matches than the cap: the cap, marked not exact (owner role and the person themself)', async () => {
    const byOwner = await list('owner', `owner_id=${ids.busy}`);
    expect(byOwner).toMatchObject({ total: OBJECTIVES_TOTAL_CAP, total_is_exact: false, page: 1, limit: 9 });
    expect(byOwner.items).toHaveLength(9);
    const own = await list('busy', `owner_id=${ids.busy}`);
    expect(own).toMatchObject({ total: OBJECTIVES_TOTAL_CAP, total_is_exact: false });
  });

  it('a small list: the exact count, marked exact', async () => {
    expect(await list('owner', `owner_id=${ids.quiet}`)).toMatchObject({ total: 3, total_is_exact: true });
    expect(await list('quiet', `owner_id=${ids.quiet}`)).toMatchObject({ total: 3, total_is_exact: true });
  });

  it('counts only what the caller may see: another member sees none of the private ones', async () => {
    const res = await list('other', `owner_id=${ids.busy}`);
    expect(res).toMatchObject({ total: 0, total_is_exact: true });
    expect(res.items).toEqual([]);
  });

  it('deep pages still answer, counting five pages past the requested one', async () => {
    const deep = await list('owner', `owner_id=${ids.busy}&page=200`);
    expect(deep.items).toHaveLength(9);
    expect(deep).toMatchObject({ total: objectivesTotalBound(200, 9), total_is_exact: false, page: 200 });
    // the same rows a larger page size finds at that offset (199 * 9 = 1791)
    const wide = await list('owner', `owner_id=${ids.busy}&page=18&limit=100`);
    expect(deep.items.map((o) => o.id)).toEqual(wide.items.slice(91, 100).map((o) => o.id));
    // near the end the bound passes the matches: exact again
    const end = await list('owner', `owner_id=${ids.busy}&page=222`);
    expect(end).toMatchObject({ total: MANY, total_is_exact: true });
    expect(end.items).toHaveLength(9);
    expect((await list('owner', `owner_id=${ids.busy}&page=223`)).items).toHaveLength(2);
  });

  it('exactly as many matches as the bound is exact; one page less is not', async () => {
    // page 16 of 100: bound 1,500 + 500 = 2,000 = every match
    expect(await list('owner', `owner_id=${ids.busy}&page=16&limit=100`)).toMatchObject({ total: MANY, total_is_exact: true });
    expect(await list('owner', `owner_id=${ids.busy}&page=15&limit=100`)).toMatchObject({ total: 1900, total_is_exact: false });
  });

  it('filters still narrow the count', async () => {
    const completed = await list('owner', `owner_id=${ids.busy}&status=completed`);
    expect(completed).toMatchObject({ total: 0, total_is_exact: true });
    const created = await list('owner', `owner_id=${ids.busy}&created_from=2000-01-01`);
    expect(created).toMatchObject({ total: OBJECTIVES_TOTAL_CAP, total_is_exact: false });
  });
});

const count = async (who: keyof typeof tokens, query: string) => {
  const res = await hub.get(`/api/objective/count?${query}`, { token: tokens[who] });
  expect(res.status, query).toBe(200);
  return objectiveCountResponseSchema.parse(res.body).data.total;
};

describe('GET /objective/count', () => {
  it('counts every match where the list stopped at its bound (owner role and the person themself)', async () => {
    expect((await list('owner', `owner_id=${ids.busy}`)).total_is_exact).toBe(false);
    expect(await count('owner', `owner_id=${ids.busy}`)).toBe(MANY);
    expect(await count('busy', `owner_id=${ids.busy}`)).toBe(MANY);
  });

  it('counts only what the caller may see, as the list does', async () => {
    expect(await count('other', `owner_id=${ids.busy}`)).toBe(0);
    expect(await count('quiet', `owner_id=${ids.quiet}`)).toBe(3);
  });

  it('takes the list’s filters', async () => {
    expect(await count('owner', `owner_id=${ids.busy}&status=completed`)).toBe(0);
    expect(await count('owner', `owner_id=${ids.busy}&created_from=2000-01-01`)).toBe(MANY);
    expect(await count('owner', `owner_id=${ids.busy}&created_to=2000-01-01`)).toBe(0);
  });

  it('refuses a filter the list refuses, with a message on the field', async () => {
    const res = await hub.get('/api/objective/count?status=bogus', { token: tokens.owner });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('status');
  });

  it('asks for a session', async () => {
    expect((await hub.get('/api/objective/count')).status).toBe(401);
  });
});
