import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { MEMBER_CONFLICT } from '../../shared/api/people';
import { REPORTING_MESSAGES } from '../../shared/rules/reporting-lines';
import { startTestHub, type TestHub, type WireBody } from '../support/hub';

// The org chart shows what the directory shows the viewer; reporting lines are
// edited with the member's restricted fields and stay a tree.
let hub: TestHub;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  for (const name of ['admin', 'owner', 'manager', 'lead', 'member', 'guest']) {
    const { token, body } = await hub.login(name, 'demo');
    tokens[name] = token;
    ids[name] = body.data.user.id;
  }
}, 120_000);
afterAll(() => hub?.close());

type Person = { id: number; name: string; job_title: string | null; image_path: string | null; teams: string[]; manager_id: number | null; status: string };

async function chart(token: string, query = ''): Promise<Person[]> {
  const res = await hub.get(`/api/org-chart${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.people;
}

/** Every member the directory lists for this viewer with this status. */
async function directoryIds(token: string, status: 'active' | 'deleted'): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; ; page++) {
    const res = await hub.get(`/api/user?status=${status}&limit=200&page=${page}`, { token });
    expect(res.status).toBe(200);
    found.push(...res.body.data.items.map((m: { id: number }) => m.id));
    if (page * 200 >= res.body.data.total) return found.sort((a, b) => a - b);
  }
}

const byId = (people: Person[]) => new Map(people.map((p) => [p.id, p]));

describe('GET /org-chart', () => {
  it('shows a member exactly the people their directory shows, with the reporting lines', async () => {
    const people = await chart(tokens.member);
    expect(people.map((p) => p.id).sort((a, b) => a - b)).toEqual(await directoryIds(tokens.member, 'active'));
    expect(people.every((p) => p.status === 'active')).toBe(true);
    const map = byId(people);
    expect(map.get(ids.member)).toMatchObject({ name: 'Elena Constantin', job_title: 'Software Engineer', teams: ['Phoenix'], manager_id: ids.lead });
    expect(map.get(ids.lead)?.manager_id).toBe(ids.manager);
    expect(map.get(ids.manager)?.manager_id).toBe(ids.owner);
    expect(map.get(ids.owner)?.manager_id).toBeNull();
    expect(map.get(ids.member)?.image_path).toBe(`/user/${ids.member}/image`);
  });

  it('hangs the demo company from the owner: everyone else has a manager', async () => {
    const people = await chart(tokens.guest);
    expect(people.filter((p) => p.manager_id === null).map((p) => p.id)).toEqual([ids.owner]);
  });

  it('shows a guest the same people as their directory, and no archived ones', async () => {
    const people = await chart(tokens.guest);
    expect(people.map((p) => p.id).sort((a, b) => a - b)).toEqual(await directoryIds(tokens.guest, 'active'));
    const archived = await hub.db.select({ id: users.id }).from(users).where(eq(users.status, 'deleted'));
    expect(archived.length).toBeGreaterThan(0);
    expect(people.some((p) => archived.some((a) => a.id === p.id))).toBe(false);
  });

  it('refuses archived people without view-archived-users (403)', async () => {
    for (const name of ['member', 'guest']) {
      const res = await hub.get('/api/org-chart?include_archived=true', { token: tokens[name] });
      expect(res.status).toBe(403);
    }
  });

  it('adds archived people for a holder of view-archived-users', async () => {
    const people = await chart(tokens.admin, '?include_archived=true');
    const archivedShown = people.filter((p) => p.status === 'deleted').map((p) => p.id).sort((a, b) => a - b);
    expect(archivedShown).toEqual(await directoryIds(tokens.admin, 'deleted'));
    expect(archivedShown.length).toBeGreaterThan(0);
  });

  it('needs a session (401)', async () => {
    expect((await hub.get('/api/org-chart')).status).toBe(401);
  });

  it('refuses any other flag value with 400 naming the field (bad input is never read as false)', async () => {
    const res = await hub.get('/api/org-chart?include_archived=maybe', { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: 'Must be true or false', field: 'include_archived' }]);
  });
});

describe('reporting lines (PUT /user/:id teamlead_id)', () => {
  async function editBody(id: number, teamleadId: number | null): Promise<WireBody> {
    const res = await hub.get(`/api/user/${id}`, { token: tokens.admin });
    const user = res.body.data.user;
    return {
      name: user.name, email: user.email, phone: user.phone, team_ids: user.team.map((t: { id: number }) => t.id),
      job_id: user.job.id, teamlead_id: teamleadId,
    };
  }
  const put = async (token: string, id: number, teamleadId: number | null) =>
    hub.request('PUT', `/api/user/${id}`, { token, body: await editBody(id, teamleadId) });

  it('an editor of all fields moves a member to another manager; the chart follows', async () => {
    const res = await put(tokens.admin, ids.member, ids.manager);
    expect(res.status).toBe(200);
    expect(byId(await chart(tokens.member)).get(ids.member)?.manager_id).toBe(ids.manager);
  });

  it("the member's team lead sets the line back to themself", async () => {
    const res = await put(tokens.lead, ids.member, ids.lead);
    expect(res.status).toBe(200);
    expect(byId(await chart(tokens.guest)).get(ids.member)?.manager_id).toBe(ids.lead);
  });

  it('the member may not change their own manager (403)', async () => {
    const res = await put(tokens.member, ids.member, ids.owner);
    expect(res.status).toBe(403);
  });

  it('refuses a person reporting to themselves (400)', async () => {
    const res = await put(tokens.admin, ids.lead, ids.lead);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'teamlead_id', message: REPORTING_MESSAGES.self }]);
  });

  it('refuses a loop: nobody reports to someone who reports to them, directly or further down (400)', async () => {
    const indirect = await put(tokens.admin, ids.manager, ids.member); // member → lead → manager
    expect(indirect.status).toBe(400);
    expect(indirect.body.errors).toEqual([{ field: 'teamlead_id', message: REPORTING_MESSAGES.cycle }]);
    const direct = await put(tokens.admin, ids.lead, ids.member);
    expect(direct.status).toBe(400);
    expect(direct.body.errors).toEqual([{ field: 'teamlead_id', message: REPORTING_MESSAGES.cycle }]);
    expect(byId(await chart(tokens.admin)).get(ids.manager)?.manager_id).toBe(ids.owner);
  });

  it('refuses an archived manager (400)', async () => {
    const [archived] = await hub.db.select({ id: users.id }).from(users).where(eq(users.status, 'deleted')).limit(1);
    const res = await put(tokens.admin, ids.member, archived.id);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'teamlead_id', message: MEMBER_CONFLICT.unknownManager }]);
  });
});
