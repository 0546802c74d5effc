import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, loginEvents, users } from '../../server/db/schema';
import { MEMBER_CONFLICT, type CreateMemberBody, type UpdateMemberBody } from '../../shared/api/people';
import { toSnakeKey } from '../../shared/api/case';
import { USERNAME_MESSAGES } from '../../shared/rules/messages';
import { emailSkeleton, usernameSkeleton } from '../../shared/rules/username-skeleton';
import { signInExternal } from '../../server/features/auth/sso/sign-in';
import { fillSkeletons } from '../../server/features/team/username-skeletons';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Look-alike usernames: 'Admin\u200b' and 'ａｄｍｉｎ' were new accounts beside admin.
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

describe('look-alikes in another script or with an accent (shared/rules/username-skeleton.ts)', () => {
  const skeletonsOf = async (id: number) => (await hub.db.select({ username: users.usernameSkeleton, email: users.emailSkeleton }).from(users).where(eq(users.id, id)))[0];
  const emailOf = async (id: number) => (await hub.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;

  it("refuses 'аdmin' (Cyrillic а), admin with a combining accent on the i, 'admín' and 'adrnin' beside admin, on the field", async () => {
    for (const username of ['\u0430dmin', 'admi\u0301n', 'adm\u00EDn', 'adrnin', '\u0430\u0501min']) {
      const res = await hub.post('/api/user', newMember(username), { token: admin.token });
      expect({ username, status: res.status, errors: res.body.errors }).toEqual({ username, status: 400, errors: [{ field: 'username', message: USERNAME_MESSAGES.lookAlike }] });
    }
  });

  it("refuses a username that looks like someone's e-mail local part, and one defaulted from an address that does", async () => {
    await createUser(hub.db, { username: `mp.${serial}`, email: `mara.popa.${serial}@bitstone.test`, teamIds: [team.id] });
    const looksLikeAddress = await hub.post('/api/user', newMember(`m\u0430ra.popa.${serial}`), { token: admin.token });
    expect(looksLikeAddress.body.errors).toEqual([{ field: 'username', message: USERNAME_MESSAGES.lookAlike }]);
    const defaulted = await hub.post('/api/user', { ...newMember(undefined), email: 'adrnin@other.test' }, { token: admin.token });
    expect(defaulted.status).toBe(400);
    expect(defaulted.body.errors).toEqual([{ field: 'username', message: USERNAME_MESSAGES.lookAlike }]);
  });

  it('allows names that only share letters, and names in another script that look like no one', async () => {
    for (const username of ['admins', 'ana.members', '\u0438\u0432\u0430\u043D.\u043F\u0435\u0442\u0440\u043E\u0432', '\u5C71\u7530']) {
      const res = await hub.post('/api/user', newMember(username), { token: admin.token });
      expect({ username, status: res.status }).toEqual({ username, status: 200 });
      // the hub writes the skeletons with the name
      expect(await skeletonsOf(res.body.data.id)).toEqual({ username: usernameSkeleton(username), email: emailSkeleton(await emailOf(res.body.data.id)) });
    }
  });

  it('refuses renaming to a look-alike; a name kept from before the rule is not refused when its account is saved', async () => {
    const target = await createUser(hub.db, { username: `rename.alike.${serial}`, teamIds: [team.id] });
    await hub.db.update(users).set({ jobId: job.id }).where(eq(users.id, target.id));
    const body: UpdateMemberBody = { name: target.name, email: target.email ?? '', phone: target.phone ?? '', teamIds: [team.id], jobId: job.id };
    const wire = (username: string) => ({ ...Object.fromEntries(Object.entries(body).map(([key, value]) => [toSnakeKey(key), value])), username });
    const renamed = await hub.request('PUT', `/api/user/${target.id}`, { token: admin.token, body: wire('\u0430dmin') });
    expect(renamed.body.errors).toEqual([{ field: 'username', message: USERNAME_MESSAGES.lookAlike }]);
    expect(await usernameOf(target.id)).toBe(target.username);
    // its own name in another spelling looks like no one else's
    const own = `r\u0435name.alike.${serial}`;
    expect((await hub.request('PUT', `/api/user/${target.id}`, { token: admin.token, body: wire(own) })).status).toBe(200);
    // 'anа.member' (Cyrillic а) was made before the rule: saving its account with the name as it is passes
    const legacy = await createUser(hub.db, { username: 'an\u0430.member', email: `legacy.${serial}@bitstone.test`, teamIds: [team.id] });
    await hub.db.update(users).set({ jobId: job.id }).where(eq(users.id, legacy.id));
    const legacyBody = { ...wire('an\u0430.member'), name: legacy.name, email: legacy.email, phone: 'changed' };
    const saved = await hub.request('PUT', `/api/user/${legacy.id}`, { token: admin.token, body: legacyBody });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it("a first single sign-on whose directory name looks like someone's gets the next free one instead", async () => {
    const result = await signInExternal(hub.db, { email: `sso.${serial}@company.test`, name: 'Adrian Nin', username: 'adrnin' }, { method: 'ldap', address: '127.0.0.1', defaultRole: 'User' });
    expect(result.user.username).toBe('adrnin2');
    expect(await skeletonsOf(result.user.id)).toEqual({ username: usernameSkeleton('adrnin2'), email: emailSkeleton(`sso.${serial}@company.test`) });
  });

  it('a name changed outside the hub loses its skeleton (the trigger), is still checked, and is filled in again', async () => {
    const someone = await createUser(hub.db, { teamIds: [team.id] });
    await fillSkeletons(hub.db);
    expect((await skeletonsOf(someone.id)).username).toBe(usernameSkeleton(someone.username));
    // as psql or an older hub would: the name without its skeleton
    const renamed = `grigore.${serial}`;
    await hub.db.update(users).set({ username: renamed }).where(eq(users.id, someone.id));
    expect((await skeletonsOf(someone.id)).username).toBeNull();
    const res = await hub.post('/api/user', newMember(`grig\u043Ere.${serial}`), { token: admin.token });
    expect(res.body.errors).toEqual([{ field: 'username', message: USERNAME_MESSAGES.lookAlike }]);
    expect(await fillSkeletons(hub.db)).toBeGreaterThan(0);
    expect(await skeletonsOf(someone.id)).toEqual({ username: usernameSkeleton(renamed), email: emailSkeleton(someone.email) });
    expect(await fillSkeletons(hub.db)).toBe(0);
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
