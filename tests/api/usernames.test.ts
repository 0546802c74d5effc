import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, loginEvents, users } from '../../server/db/schema';
import { MEMBER_CONFLICT, type CreateMemberBody, type UpdateMemberBody } from '../../shared/api/people';
import { toSnakeKey } from '../../shared/api/case';
import { USERNAME_MESSAGES } from '../../shared/rules/messages';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// issue 18 'Look-alike usernames': 'Admin\u200b' and 'ａｄｍｉｎ' were new accounts beside admin.
// A username is kept in one normal form (NFKC, case-folded: shared/rules/username.ts), refused
// when it holds what cannot be seen, and sign-in looks the typed name up in that form.
let hub: TestHub;
let admin: { id: number; token: string };
let team: { id: number };
let job: { id: number };

beforeAll(async () => {
  hub = await startTestHub();
  const adminRole = await createRole(hub.db, { name: 'Admin', capabilities: ['VIEW_ADMIN', 'EDIT_ALL_FIELDS', 'ADD_USERS'] });
  team = await createTeam(hub.db);
  [job] = await hub.db.insert(jobs).values({ name: 'Engineer' }).returning();
  const adminUser = await createUser(hub.db, { username: 'admin', roleId: adminRole.id, teamIds: [team.id] });
  await createUser(hub.db, { username: 'ana.member', teamIds: [team.id] });
  admin = { id: adminUser.id, token: (await hub.login('admin', TEST_PASSWORD)).token };
});
afterAll(() => hub?.close());

let serial = 0;
/** POST /user's body, from the hub's own schema type, sent in snake_case. */
function newMember(username: string | undefined): Record<string, unknown> {
  serial += 1;
  const body: CreateMemberBody = { name: `Look Alike ${serial}`, email: `look.alike.${serial}.${Date.now()}@bitstone.test`, phone: '0700', teamIds: [team.id], jobId: job.id, joinDate: '2024-05-01', username };
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [toSnakeKey(key), value]));
}
const usernameOf = async (id: number) => (await hub.db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0].username;

describe('adding a member (POST /user)', () => {
  it('refuses a username holding an invisible character, with the message on the field', async () => {
    for (const username of ['Admin\u200b', 'ad\u200dmin', '\u202enimda', 'ad\tmin']) {
      const res = await hub.post('/api/user', newMember(username), { token: admin.token });
      expect({ username, status: res.status, errors: res.body.errors }).toEqual({ username, status: 400, errors: [{ field: 'username', message: USERNAME_MESSAGES.hidden }] });
    }
  });

  it('finds a fullwidth or differently cased admin taken, as a duplicate username is', async () => {
    for (const username of ['ａｄｍｉｎ', 'ＡＤＭＩＮ', 'Admin', ' admin ']) {
      const res = await hub.post('/api/user', newMember(username), { token: admin.token });
      expect({ username, status: res.status, errors: res.body.errors }).toEqual({ username, status: 400, errors: [{ field: 'username', message: MEMBER_CONFLICT.username }] });
    }
  });

  it('stores a new username in its normal form, a plain space included', async () => {
    const wide = await hub.post('/api/user', newMember('Ｍａｒｉａ．Ｐｏｐ'), { token: admin.token });
    expect(wide.status).toBe(200);
    expect(await usernameOf(wide.body.data.id)).toBe('maria.pop');
    const spaced = await hub.post('/api/user', newMember('Ana  Maria'), { token: admin.token });
    expect(spaced.status).toBe(200);
    expect(await usernameOf(spaced.body.data.id)).toBe('ana maria');
  });

  it('defaults the username to the email before @, in the normal form', async () => {
    const body = { ...newMember(undefined), email: `Ion.Pop.${Date.now()}@bitstone.test` };
    const res = await hub.post('/api/user', body, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await usernameOf(res.body.data.id)).toBe((body.email as string).split('@')[0].toLowerCase());
  });
});

describe('renaming a member (PUT /user/:id)', () => {
  /** A member with a job, and PUT /user's body for them (their current values) with `username`. */
  async function memberToEdit(username = `rename.${Date.now()}`) {
    const target = await createUser(hub.db, { username, teamIds: [team.id] });
    await hub.db.update(users).set({ jobId: job.id }).where(eq(users.id, target.id));
    const body: UpdateMemberBody = { name: target.name, email: target.email ?? '', phone: target.phone ?? '', teamIds: [team.id], jobId: job.id };
    const edit = (newUsername: string) => ({ ...Object.fromEntries(Object.entries(body).map(([key, value]) => [toSnakeKey(key), value])), username: newUsername });
    return { target, edit };
  }

  it('an admin may rename: the new name is stored in its normal form', async () => {
    const { target, edit } = await memberToEdit();
    const res = await hub.request('PUT', `/api/user/${target.id}`, { token: admin.token, body: edit('ＲＥＮＡＭＥＤ．ＯＮＥ') });
    expect(res.status).toBe(200);
    expect(await usernameOf(target.id)).toBe('renamed.one');
  });

  it('refuses a new name holding an invisible character, and one that looks like a taken name', async () => {
    const { target, edit } = await memberToEdit();
    const hidden = await hub.request('PUT', `/api/user/${target.id}`, { token: admin.token, body: edit('admin\u2060') });
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors).toEqual([{ field: 'username', message: USERNAME_MESSAGES.hidden }]);
    const taken = await hub.request('PUT', `/api/user/${target.id}`, { token: admin.token, body: edit('ａｄｍｉｎ') });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([{ field: 'username', message: MEMBER_CONFLICT.username }]);
    expect(await usernameOf(target.id)).toBe(target.username);
  });

  it('a member saving their own form with a username stored before the rule changes nothing', async () => {
    const { target, edit } = await memberToEdit('Legacy.Name');
    const { token } = await hub.login('LEGACY.NAME', TEST_PASSWORD);
    const res = await hub.request('PUT', `/api/user/${target.id}`, { token, body: edit('Legacy.Name') });
    expect(res.status).toBe(200);
  });
});

describe('signing in (POST /auth/login)', () => {
  it("'ＡＤＭＩＮ' with admin's password signs in as admin, not as a second account", async () => {
    for (const username of ['ＡＤＭＩＮ', 'ａｄｍｉｎ', 'Admin']) {
      const res = await hub.post('/api/auth/login', { username, password: TEST_PASSWORD });
      expect({ username, status: res.status }).toEqual({ username, status: 200 });
      expect(res.body.data.user.id).toBe(admin.id);
    }
  });

  it('refuses a typed username holding an invisible character, with the message on the field', async () => {
    const res = await hub.post('/api/auth/login', { username: 'admin\u200b', password: TEST_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'username', message: USERNAME_MESSAGES.hidden }]);
  });

  it('counts failures of a look-alike against the account it names', async () => {
    await hub.post('/api/auth/login', { username: 'ＡＮＡ．ＭＥＭＢＥＲ', password: 'not the password' });
    const [event] = await hub.db.select().from(loginEvents).where(eq(loginEvents.success, false)).orderBy(desc(loginEvents.id)).limit(1);
    expect(event.username).toBe('ana.member');
  });
});
