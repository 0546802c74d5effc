import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../../server/db/schema';
import { MEMBER_CONFLICT } from '../../shared/api/people';
import { MEMBER_MESSAGES } from '../../shared/rules/people-messages';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// People: directory, profile visibility, member dialog, archive / restore — allowed and refused.
let hub: TestHub;
type Row = Awaited<ReturnType<typeof createUser>>;
const people = {} as Record<'admin' | 'hr' | 'lead' | 'mate' | 'outsider' | 'owner' | 'archived', Row>;
const tokens: Record<string, string> = {};
let alpha: { id: number; name: string };
let beta: { id: number; name: string };
let job: { id: number; name: string };

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  const admin = await createRole(db, { name: 'Admin', capabilities: ['VIEW_ADMIN', 'EDIT_ALL_FIELDS', 'ADD_USERS', 'REMOVE_USERS', 'VIEW_ARCHIVED_USERS', 'EXPORT_USERS', 'EDIT_RELEVANT_EXPERIENCE'] });
  const hr = await createRole(db, { name: 'HR', capabilities: ['VIEW_ALL_USER_INFO'] });
  const lead = await createRole(db, { name: ROLE_TEAM_LEAD });
  alpha = await createTeam(db, { name: 'Alpha' });
  beta = await createTeam(db, { name: 'Beta' });
  [job] = await db.insert(jobs).values({ name: 'Engineer' }).returning();
  people.admin = await createUser(db, { name: 'Ada Admin', roleId: admin.id, teamIds: [beta.id] });
  people.hr = await createUser(db, { name: 'Hana HR', roleId: hr.id });
  people.lead = await createUser(db, { name: 'Lia Lead', roleId: lead.id, leads: [alpha.id] });
  people.mate = await createUser(db, { name: 'Mara Mate', teamIds: [alpha.id] });
  people.outsider = await createUser(db, { name: 'Otto Outsider', teamIds: [beta.id] });
  people.owner = await createUser(db, { name: 'Olga Owner', isOwner: true });
  people.archived = await createUser(db, { name: 'Zed Archived', teamIds: [alpha.id], status: 'deleted' });
  await db.update(users).set({
    jobId: job.id,
    extras: {
      bitstoneInfo: { benefits: ['Gym'], learningAndDev: 750, teamBuildings: 100, holidays: 21, about: 'Open text' },
      relevantExperience: [{ company: 'Acme', position: 'Dev', startDate: '01/2020', endDate: 'Present' }],
      projectsInfo: [{ title: 'Apollo' }],
      personalInfo: { officialName: 'Mara M.', birthdate: '1990-01-01', hometown: 'Cluj', currentAddress: 'Str. 1', personalEmailAddress: 'm@x.ro' },
    },
  }).where(eq(users.id, people.mate.id));
  for (const key of Object.keys(people) as (keyof typeof people)[]) {
    if (key !== 'archived') tokens[key] = (await hub.login(people[key].username, TEST_PASSWORD)).token;
  }
});
afterAll(() => hub?.close());

const names = (items: Array<{ name: string }>) => items.map((m) => m.name);

describe('GET /user (directory)', () => {
  it('pages active members by name', async () => {
    const res = await hub.get('/api/user?limit=2', { token: tokens.mate });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 6, page: 1, limit: 2 });
    expect(names(res.body.data.items)).toEqual(['Ada Admin', 'Hana HR']);
    const page3 = await hub.get('/api/user?limit=2&page=3', { token: tokens.mate });
    expect(names(page3.body.data.items)).toEqual(['Olga Owner', 'Otto Outsider']);
  });

  it('filters by name (case-insensitive contains), team, job, project and team leads', async () => {
    const get = async (q: string) => names((await hub.get(`/api/user?${q}`, { token: tokens.mate })).body.data.items);
    expect(await get('search=MAT')).toEqual(['Mara Mate']);
    expect(await get(`teams=${alpha.id}`)).toEqual(['Lia Lead', 'Mara Mate']);
    expect(await get(`teams=${alpha.id}&teams=${beta.id}`)).toEqual(['Ada Admin', 'Lia Lead', 'Mara Mate', 'Otto Outsider']);
    expect(await get(`jobs=${job.id}`)).toEqual(['Mara Mate']);
    expect(await get('projects=Apollo')).toEqual(['Mara Mate']);
    expect(await get('team_leads=true')).toEqual(['Lia Lead']);
    expect(await get('search=%25')).toEqual([]);
  });

  it('lists deleted members only with view-archived-users', async () => {
    const refused = await hub.get('/api/user?status=deleted', { token: tokens.mate });
    expect(refused.status).toBe(403);
    const allowed = await hub.get('/api/user?status=deleted', { token: tokens.admin });
    expect(names(allowed.body.data.items)).toEqual(['Zed Archived']);
  });

  it('answers 400 for a bad filter', async () => {
    const res = await hub.get('/api/user?status=gone&limit=0', { token: tokens.mate });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['limit', 'status']);
  });

  it('offers the filter choices', async () => {
    expect((await hub.get('/api/user/team-leads', { token: tokens.mate })).body.data.items).toEqual([{ id: people.lead.id, name: 'Lia Lead' }]);
    expect((await hub.get('/api/user/job-titles', { token: tokens.mate })).body.data.items).toEqual([job]);
    expect((await hub.get('/api/user/project-titles', { token: tokens.mate })).body.data.items).toEqual(['Apollo']);
    expect(names((await hub.get('/api/team', { token: tokens.mate })).body.data.teams)).toEqual(['Alpha', 'Beta']);
  });
});

describe('GET /user/:id (profile as the viewer may see it)', () => {
  const profile = async (viewer: string, id = people.mate.id) => (await hub.get(`/api/user/${id}`, { token: tokens[viewer] })).body.data.user;

  it('a stranger sees no privileged or sensitive fields, no bitstone money and no relevant experience', async () => {
    const seen = await profile('outsider');
    expect(seen).toMatchObject({ name: 'Mara Mate', job: job, team: [{ id: alpha.id, name: 'Alpha' }], teamlead: { id: people.lead.id }, teamlead_id: null });
    expect(seen).not.toHaveProperty('role');
    expect(seen).not.toHaveProperty('previous_team');
    expect(seen.extras.bitstone_info).toEqual({ about: 'Open text' });
    expect(seen.extras).not.toHaveProperty('relevant_experience');
    expect(seen.extras.personal_info).toEqual({ hometown: 'Cluj' });
    expect(seen.extras.projects_info).toEqual([{ title: 'Apollo' }]);
  });

  it('the owner of the profile sees their bitstone and sensitive info', async () => {
    const seen = await profile('mate');
    expect(seen.extras.bitstone_info).toMatchObject({ benefits: ['Gym'], learning_and_dev: 750, holidays: 21 });
    expect(seen.extras.personal_info).toMatchObject({ official_name: 'Mara M.', current_address: 'Str. 1' });
    expect(seen).not.toHaveProperty('role');
  });

  it("the member's team lead sees everything, including privileged fields", async () => {
    const seen = await profile('lead');
    expect(seen).toHaveProperty('role');
    expect(seen.previous_team).toEqual([]);
    expect(seen.extras.relevant_experience).toHaveLength(1);
    expect(seen.extras.personal_info.birthdate).toBe('1990-01-01');
  });

  it('view-all-user-info shows privileged fields but not sensitive ones', async () => {
    const seen = await profile('hr');
    expect(seen).toHaveProperty('previous_team');
    expect(seen.extras.personal_info).not.toHaveProperty('official_name');
  });

  it('an archived profile is 404 without the archive rights, visible with them', async () => {
    expect((await hub.get(`/api/user/${people.archived.id}`, { token: tokens.mate })).status).toBe(404);
    expect((await profile('admin', people.archived.id)).status).toBe('deleted');
    expect((await hub.get('/api/user/99999', { token: tokens.mate })).status).toBe(404);
    expect((await hub.get('/api/user/abc', { token: tokens.mate })).status).toBe(400);
  });
});

const validMember = () => ({ name: 'New Person', email: `new.${Date.now()}@bitstone.test`, phone: '0700', team_ids: [alpha.id], job_id: job.id, join_date: '2024-05-01' });

describe('POST /user and PUT /user/:id (member dialog)', () => {
  it('needs add-users to add', async () => {
    expect((await hub.post('/api/user', validMember(), { token: tokens.mate })).status).toBe(403);
    const res = await hub.post('/api/user', validMember(), { token: tokens.admin });
    expect(res.status).toBe(200);
    const created = (await hub.get(`/api/user/${res.body.data.id}`, { token: tokens.admin })).body.data.user;
    expect(created).toMatchObject({ name: 'New Person', join_date: '2024-05-01', team: [{ id: alpha.id }] });
    // spec §9 defaults (the admin role here may not see bitstone money, so read the row)
    const [row] = await hub.db.select().from(users).where(eq(users.id, res.body.data.id));
    expect(row.extras.bitstoneInfo).toEqual({ learningAndDev: 750, teamBuildings: 100 });
  });

  it('answers every spec §5 message for an empty form', async () => {
    const res = await hub.post('/api/user', { name: ' ', email: '', phone: '', team_ids: [] }, { token: tokens.admin });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({
      name: MEMBER_MESSAGES.name, email: MEMBER_MESSAGES.email, phone: MEMBER_MESSAGES.phone,
      team_ids: MEMBER_MESSAGES.team, job_id: MEMBER_MESSAGES.job, join_date: MEMBER_MESSAGES.joinDate,
    });
  });

  it('refuses a duplicate email', async () => {
    const res = await hub.post('/api/user', { ...validMember(), email: people.mate.email }, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'email', message: MEMBER_CONFLICT.email }]);
  });

  const editBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Mara Mate', email: people.mate.email, phone: '0711', team_ids: [alpha.id], job_id: job.id, ...overrides,
  });

  it('the member edits their own phone but not their email, team or job', async () => {
    expect((await hub.request('PUT', `/api/user/${people.mate.id}`, { token: tokens.mate, body: editBody() })).status).toBe(200);
    const refused = await hub.request('PUT', `/api/user/${people.mate.id}`, { token: tokens.mate, body: editBody({ team_ids: [beta.id] }) });
    expect(refused.status).toBe(403);
  });

  it("the team lead edits the member's team; a stranger edits nothing", async () => {
    expect((await hub.request('PUT', `/api/user/${people.mate.id}`, { token: tokens.outsider, body: editBody() })).status).toBe(403);
    const res = await hub.request('PUT', `/api/user/${people.mate.id}`, { token: tokens.lead, body: editBody({ team_ids: [alpha.id, beta.id] }) });
    expect(res.status).toBe(200);
    await hub.request('PUT', `/api/user/${people.mate.id}`, { token: tokens.admin, body: editBody() });
  });

  it('only owners set teams and the line-manager flag', async () => {
    const body = { user_id: people.outsider.id, teams: [alpha.id, beta.id], is_line_manager: false };
    expect((await hub.post('/api/user/teams', body, { token: tokens.admin })).status).toBe(403);
    expect((await hub.post('/api/user/teams', body, { token: tokens.owner })).status).toBe(200);
    const seen = (await hub.get(`/api/user/${people.outsider.id}`, { token: tokens.owner })).body.data.user;
    expect(names(seen.team)).toEqual(['Alpha', 'Beta']);
    await hub.post('/api/user/teams', { ...body, teams: [beta.id] }, { token: tokens.owner });
  });
});

describe('archive and restore', () => {
  it('need remove-users', async () => {
    const target = await createUser(hub.db, { name: 'Tina Target' });
    expect((await hub.request('DELETE', `/api/user/${target.id}`, { token: tokens.lead })).status).toBe(403);
    expect((await hub.request('DELETE', `/api/user/${target.id}`, { token: tokens.admin })).status).toBe(200);
    expect((await hub.get(`/api/user/${target.id}`, { token: tokens.admin })).body.data.user.status).toBe('deleted');
    // an archived member is not even there for someone who may neither see nor restore them (as GET /user/:id)
    expect((await hub.request('PATCH', `/api/user/${target.id}/restore`, { token: tokens.lead })).status).toBe(404);
    expect((await hub.request('PATCH', `/api/user/${target.id}/restore`, { token: tokens.admin })).status).toBe(200);
    expect((await hub.get(`/api/user/${target.id}`, { token: tokens.mate })).body.data.user.status).toBe('active');
  });

  it('nobody archives themselves (the status is a user field no one changes on their own account)', async () => {
    const res = await hub.request('DELETE', `/api/user/${people.admin.id}`, { token: tokens.admin });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([{ message: MEMBER_CONFLICT.archiveSelf, field: 'status' }]);
  });
});
