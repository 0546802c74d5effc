import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, teamMembers, users } from '../../server/db/schema';
import { ACCOUNT_MESSAGES } from '../../server/features/auth/account';
import { updateMemberSchema } from '../../shared/api/people';
import { snakify } from '../../shared/api/case';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { USER_FIELD_MESSAGES } from '../../shared/rules/user-fields';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// No restricted field through a side door: the user-fields rule on each route that writes
// a user, allowed and refused. (user-fields-routes.test.ts tries every route with every field.)
let hub: TestHub;
type Row = Awaited<ReturnType<typeof createUser>>;
const people = {} as Record<'admin' | 'lead' | 'mate' | 'owner' | 'newcomer' | 'editor', Row>;
const tokens = {} as Record<keyof typeof people, string>;
let alpha: { id: number };
let beta: { id: number };
let engineer: { id: number };
let designer: { id: number };

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  const [admin, lead, user] = await Promise.all([
    createRole(db, { name: 'Admin', capabilities: [...ALL_CAPABILITIES] }),
    createRole(db, { name: ROLE_TEAM_LEAD }),
    createRole(db, { name: 'User' }),
  ]);
  [alpha, beta] = await Promise.all([createTeam(db), createTeam(db)]);
  [engineer, designer] = await db.insert(jobs).values([{ name: 'Engineer' }, { name: 'Designer' }]).returning();
  people.admin = await createUser(db, { name: 'Ada Admin', roleId: admin.id, teamIds: [beta.id], firstLogin: false });
  people.lead = await createUser(db, { name: 'Lia Lead', roleId: lead.id, leads: [alpha.id], firstLogin: false });
  people.mate = await createUser(db, { name: 'Mara Mate', roleId: user.id, teamIds: [alpha.id], firstLogin: false });
  people.owner = await createUser(db, { name: 'Olga Owner', roleId: user.id, isOwner: true, teamIds: [beta.id], firstLogin: false });
  people.newcomer = await createUser(db, { name: 'Nina Newcomer', roleId: user.id, teamIds: [alpha.id], firstLogin: true });
  people.editor = await createUser(db, { name: 'Eddie Editor', roleId: admin.id, teamIds: [beta.id], firstLogin: true });
  for (const key of Object.keys(people) as (keyof typeof people)[]) {
    await db.update(users).set({ jobId: engineer.id, joinDate: '2020-01-06' }).where(eq(users.id, people[key].id));
    tokens[key] = (await hub.login(people[key].username, TEST_PASSWORD)).token;
  }
});
afterAll(() => hub?.close());

const row = async (id: number) => (await hub.db.select().from(users).where(eq(users.id, id)))[0];
const teamIdsOf = async (id: number) => (await hub.db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, id))).map((m) => m.id).sort();

/** The member dialog's whole form, as the client sends it back: every field at its stored value. */
async function form(id: number, overrides: Record<string, unknown> = {}) {
  const r = await row(id);
  const body = updateMemberSchema.parse({
    name: r.name, email: r.email, phone: r.phone, teamIds: await teamIdsOf(id), jobId: r.jobId, teamleadId: r.teamleadId, joinDate: r.joinDate, username: r.username,
  });
  return { ...snakify<Record<string, unknown>>(body), ...overrides };
}

const put = async (who: keyof typeof people, id: number, body: unknown) => hub.request('PUT', `/api/user/${id}`, { token: tokens[who], body });

describe('PUT /user/:id on one\'s own account', () => {
  it('a member sends the whole form back and changes their phone', async () => {
    const res = await put('mate', people.mate.id, await form(people.mate.id, { phone: '+40 711 000 111' }));
    expect(res.status).toBe(200);
    expect((await row(people.mate.id)).phone).toBe('+40 711 000 111');
  });

  it("a member's new username ('admin2') is refused by name, and the sign-in stays", async () => {
    const res = await put('mate', people.mate.id, await form(people.mate.id, { username: 'admin2' }));
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([{ message: USER_FIELD_MESSAGES.ownUsername, field: 'username' }]);
    expect((await row(people.mate.id)).username).toBe(people.mate.username);
  });

  it('a member may not change their email, job, team, manager or join date; each is named, nothing changes', async () => {
    const before = await row(people.mate.id);
    const res = await put('mate', people.mate.id, await form(people.mate.id, {
      phone: '+40 722 000 222', email: 'someone.else@bitstone.test', job_id: designer.id, team_ids: [beta.id], teamlead_id: people.admin.id, join_date: '2001-02-03',
    }));
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([
      { message: USER_FIELD_MESSAGES.ownEmail, field: 'email' },
      { message: USER_FIELD_MESSAGES.ownField('job'), field: 'job_id' },
      { message: USER_FIELD_MESSAGES.ownField('teams'), field: 'team_ids' },
      { message: USER_FIELD_MESSAGES.ownField('directManager'), field: 'teamlead_id' },
      { message: USER_FIELD_MESSAGES.ownField('joinDate'), field: 'join_date' },
    ]);
    // not a silent drop of the refused fields with the phone saved: nothing at all
    expect(await row(people.mate.id)).toEqual(before);
    expect(await teamIdsOf(people.mate.id)).toEqual([alpha.id]);
  });

  it('an administrator changes their own email but never their own username', async () => {
    expect((await put('admin', people.admin.id, await form(people.admin.id, { email: 'ada.new@bitstone.test' }))).status).toBe(200);
    expect((await row(people.admin.id)).email).toBe('ada.new@bitstone.test');
    const res = await put('admin', people.admin.id, await form(people.admin.id, { username: 'root' }));
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([{ message: USER_FIELD_MESSAGES.ownUsername, field: 'username' }]);
    expect((await row(people.admin.id)).username).toBe(people.admin.username);
  });
});

describe('PUT /user/:id on another member', () => {
  it("edit-all-fields renames another member's sign-in", async () => {
    const target = await createUser(hub.db, { teamIds: [alpha.id] });
    await hub.db.update(users).set({ jobId: engineer.id }).where(eq(users.id, target.id));
    const res = await put('admin', target.id, await form(target.id, { username: `renamed.${target.id}` }));
    expect(res.status).toBe(200);
    expect((await row(target.id)).username).toBe(`renamed.${target.id}`);
  });

  it("the member's team lead changes their email and job, not their username", async () => {
    const res = await put('lead', people.mate.id, await form(people.mate.id, { email: 'mara.mate@bitstone.test', job_id: designer.id }));
    expect(res.status).toBe(200);
    expect(await row(people.mate.id)).toMatchObject({ email: 'mara.mate@bitstone.test', jobId: designer.id });
    const renamed = await put('lead', people.mate.id, await form(people.mate.id, { username: 'mara' }));
    expect(renamed.status).toBe(403);
    expect(renamed.body.errors).toEqual([{ message: USER_FIELD_MESSAGES.refused('username'), field: 'username' }]);
    await put('lead', people.mate.id, await form(people.mate.id, { job_id: engineer.id }));
  });

  it('an owner may not use the member dialog to move someone between teams', async () => {
    expect((await put('owner', people.mate.id, await form(people.mate.id, { team_ids: [beta.id] }))).status).toBe(403);
    expect(await teamIdsOf(people.mate.id)).toEqual([alpha.id]);
  });
});

describe('POST /auth/confirm-info (the sign-in stepper)', () => {
  const confirm = (who: keyof typeof people, body: Record<string, unknown>) => hub.post('/api/auth/confirm-info', body, { token: tokens[who] });

  it('at the first sign-in a member may not point their email at someone else', async () => {
    const res = await confirm('newcomer', { name: 'Nina N.', email: people.admin.email, phone: '+40 733 000 333' });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([{ message: USER_FIELD_MESSAGES.ownEmail, field: 'email' }]);
    expect(await row(people.newcomer.id)).toMatchObject({ name: people.newcomer.name, email: people.newcomer.email, firstLogin: true });
  });

  it('a member confirms their email as it is (or leaves it out) with a corrected name and phone', async () => {
    const res = await confirm('newcomer', { name: 'Nina N.', email: people.newcomer.email, phone: '+40 733 000 333' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_login: false, user: { name: 'Nina N.', email: people.newcomer.email } });
  });

  it('is refused with 409 once the first sign-in is confirmed, even with the same values', async () => {
    for (const who of ['newcomer', 'mate'] as const) {
      const r = await row(people[who].id);
      const res = await confirm(who, { name: r.name, email: r.email, phone: r.phone });
      expect(res.status, who).toBe(409);
      expect(res.body.errors).toEqual([{ message: ACCOUNT_MESSAGES.alreadyConfirmed }]);
    }
    const later = await confirm('mate', { name: 'Changed Later', phone: '+40 744 000 444', email: 'later@bitstone.test' });
    expect(later.status).toBe(409);
    expect(await row(people.mate.id)).toMatchObject({ name: people.mate.name, email: 'mara.mate@bitstone.test' });
  });

  it('someone who may change their email (edit-all-fields) corrects it at the first sign-in; the email may also be left out', async () => {
    const res = await confirm('editor', { name: 'Eddie E.', email: 'eddie.e@bitstone.test', phone: '+40 755 000 555' });
    expect(res.status).toBe(200);
    expect(await row(people.editor.id)).toMatchObject({ email: 'eddie.e@bitstone.test', firstLogin: false });
    const fresh = await createUser(hub.db, { firstLogin: true });
    const token = (await hub.login(fresh.username, TEST_PASSWORD)).token;
    const left = await hub.post('/api/auth/confirm-info', { name: 'Fresh', phone: '+40 766 000 666' }, { token });
    expect(left.status).toBe(200);
    expect(await row(fresh.id)).toMatchObject({ name: 'Fresh', email: fresh.email, firstLogin: false });
  });
});

describe('the other routes that write a user', () => {
  it('archive: remove-users archives others, nobody themselves', async () => {
    const target = await createUser(hub.db);
    const mine = await hub.request('DELETE', `/api/user/${target.id}`, { token: tokens.mate });
    expect(mine.status).toBe(403);
    expect(mine.body.errors).toEqual([{ message: USER_FIELD_MESSAGES.refused('status'), field: 'status' }]);
    expect((await hub.request('DELETE', `/api/user/${target.id}`, { token: tokens.admin })).status).toBe(200);
    expect((await row(target.id)).status).toBe('deleted');
    const self = await hub.request('DELETE', `/api/user/${people.admin.id}`, { token: tokens.admin });
    expect(self.status).toBe(403);
    expect(self.body.errors).toEqual([{ message: USER_FIELD_MESSAGES.archiveSelf, field: 'status' }]);
    expect((await row(people.admin.id)).status).toBe('active');
  });

  it("Teams dialog: the owner sets a member's line-manager flag; a team lead may not use it (spec §6)", async () => {
    const body = { user_id: people.mate.id, teams: [alpha.id], is_line_manager: false };
    expect((await hub.post('/api/user/teams', body, { token: tokens.lead })).status).toBe(403);
    const flagged = await hub.post('/api/user/teams', { ...body, is_line_manager: true }, { token: tokens.owner });
    expect(flagged.status).toBe(200);
    expect((await hub.db.select().from(teamMembers).where(eq(teamMembers.userId, people.mate.id)))[0].isLead).toBe(true);
    expect((await hub.post('/api/user/teams', body, { token: tokens.owner })).status).toBe(200);
  });

  it('extra details: a section the member may not edit is named; sending it back unchanged passes', async () => {
    await hub.db.update(users).set({ extras: { bitstoneInfo: { holidays: 21, about: 'Kind' } } }).where(eq(users.id, people.mate.id));
    const put = (body: unknown) => hub.request('PUT', `/api/user/${people.mate.id}/extras`, { token: tokens.mate, body });
    const refused = await put({ bitstone_info: { holidays: 40, about: 'Kind' }, projects_info: [{ title: 'Apollo' }] });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ message: USER_FIELD_MESSAGES.ownField('bitstoneInfo'), field: 'bitstone_info' }]);
    expect((await row(people.mate.id)).extras).toEqual({ bitstoneInfo: { holidays: 21, about: 'Kind' } });
    const unchanged = await put({ bitstone_info: { holidays: 21, about: 'Kind' }, projects_info: [{ title: 'Apollo' }] });
    expect(unchanged.status).toBe(200);
    expect((await row(people.mate.id)).extras).toMatchObject({ bitstoneInfo: { holidays: 21, about: 'Kind' }, projectsInfo: [{ title: 'Apollo' }] });
  });

  it("picture: another member's is refused by name", async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${hub.url}/api/user/${people.admin.id}/image`, { method: 'PUT', headers: { authorization: `Bearer ${tokens.mate}` }, body: form });
    expect(res.status).toBe(403);
    expect((await res.json()).errors).toEqual([{ message: USER_FIELD_MESSAGES.refused('picture'), field: 'image' }]);
  });
});
