import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginEvents, sessions, users } from '../../server/db/schema';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { LOGIN_MESSAGES, SESSION_MESSAGES } from '../../shared/rules/messages';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Sign-in for the demo company, sessions, logout and the 401 rule.
let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
});
afterAll(() => hub?.close());

describe('sign-in of the six demo users (design §5, password demo)', () => {
  it.each([
    ['admin', (u: Record<string, unknown>) => expect(u).toMatchObject({ access_label: 'Admin', role: { name: 'Admin' }, capabilities: expect.arrayContaining([...ALL_CAPABILITIES]) })],
    ['owner', (u: Record<string, unknown>) => expect(u).toMatchObject({ is_owner: true })],
    ['manager', (u: Record<string, unknown>) => expect(u).toMatchObject({ is_teams_manager: true, managed_team_ids: [expect.any(Number), expect.any(Number)] })],
    ['lead', (u: Record<string, unknown>) => expect(u).toMatchObject({ is_team_lead: true, role: { name: 'Team lead' }, team: expect.arrayContaining([expect.objectContaining({ name: 'Phoenix' })]) })],
    ['member', (u: Record<string, unknown>) => expect(u).toMatchObject({ role: { name: 'User' }, is_team_lead: false, access_label: 'User' })],
    ['guest', (u: Record<string, unknown>) => expect(u).toMatchObject({ role: { name: 'Guest' }, capabilities: [] })],
  ])('%s signs in and gets a token, the user and first_login', async (username, check) => {
    const res = await hub.post('/api/auth/login', { username, password: 'demo' });
    expect(res.status).toBe(200);
    expect(res.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(typeof res.body.data.first_login).toBe('boolean');
    expect(res.body.data.user.username).toBe(username);
    check(res.body.data.user);
    const me = await hub.get('/api/auth/me', { token: res.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.id).toBe(res.body.data.user.id);
  });

  it("member's team lead is the demo lead", async () => {
    const { token } = await hub.login('member');
    const res = await hub.get('/api/user/team-lead', { token });
    expect(res.status).toBe(200);
    const lead = await hub.login('lead');
    expect(res.body.data.user).toMatchObject({ id: lead.body.data.user.id, is_team_lead: true });
  });

  it('username is matched case-insensitively', async () => {
    const res = await hub.post('/api/auth/login', { username: 'Member', password: 'demo' });
    expect(res.status).toBe(200);
  });
});

describe('wrong credentials', () => {
  it('a wrong password answers 401 with the sign-in message', async () => {
    const res = await hub.post('/api/auth/login', { username: 'owner', password: 'not-demo' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [{ message: LOGIN_MESSAGES.wrongCredentials }] });
  });

  it('an unknown username answers exactly the same', async () => {
    const res = await hub.post('/api/auth/login', { username: 'nobody.here', password: 'demo' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [{ message: LOGIN_MESSAGES.wrongCredentials }] });
  });

  it('an archived user cannot sign in, and their open session stops working', async () => {
    const user = await createUser(hub.db);
    const { token } = await hub.login(user.username, TEST_PASSWORD);
    await hub.db.update(users).set({ status: 'deleted' }).where(eq(users.id, user.id));
    expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
    const res = await hub.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('login records', () => {
  it('every attempt is a login event and a success sets last_login', async () => {
    const user = await createUser(hub.db);
    await hub.post('/api/auth/login', { username: user.username, password: 'wrong' });
    const { body } = await hub.login(user.username, TEST_PASSWORD);
    const events = await hub.db.select().from(loginEvents).where(eq(loginEvents.username, user.username));
    expect(events.map((e) => e.success).sort()).toEqual([false, true]);
    expect(events.every((e) => e.address === '127.0.0.1')).toBe(true);
    const [row] = await hub.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLogin).toBeInstanceOf(Date);
    expect(body.data.user.last_login).toBe(row.lastLogin?.toISOString());
  });

  it('stores only a hash of the token, expiring in 30 days', async () => {
    const user = await createUser(hub.db);
    const { token } = await hub.login(user.username, TEST_PASSWORD);
    const [session] = await hub.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.tokenHash).not.toContain(token);
    expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (session.expiresAt.getTime() - session.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const { token } = await hub.login('member');
    expect((await hub.get('/api/auth/me', { token })).status).toBe(200);
    const out = await hub.post('/api/auth/logout', undefined, { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ data: { signed_out: true } });
    const after = await hub.get('/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ errors: [{ message: SESSION_MESSAGES.unauthorized }] });
  });

  it('an expired session answers 401', async () => {
    const user = await createUser(hub.db);
    const { token } = await hub.login(user.username, TEST_PASSWORD);
    await hub.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
  });

  it('a made-up or malformed token answers 401', async () => {
    expect((await hub.get('/api/auth/me', { token: 'x'.repeat(43) })).status).toBe(401);
    expect((await hub.get('/api/auth/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('every protected route in the API document answers 401 without a token', async () => {
    const docs = await hub.get('/api/docs');
    const paths = docs.body.paths as Record<string, Record<string, { security?: unknown[] }>>;
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (Array.isArray(operation.security) && operation.security.length === 0) continue; // public
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await hub.request(method.toUpperCase(), url, method === 'get' ? {} : { body: {} });
        expect(res.status, `${method.toUpperCase()} ${path}`).toBe(401);
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['get /api/auth/me', 'post /api/auth/logout', 'get /api/user/team', 'get /api/teamDetails']));
  });
});

describe('me, confirm-info and capabilities', () => {
  it('first login stays true until the user confirms their information', async () => {
    const user = await createUser(hub.db, { firstLogin: true });
    const { token, body } = await hub.login(user.username, TEST_PASSWORD);
    expect(body.data.first_login).toBe(true);
    // the email is confirmed as it is (a member may not change it; tests/api/user-fields.test.ts)
    const res = await hub.post('/api/auth/confirm-info', { name: 'Ioana Marin', email: user.email, phone: '+40 711 111 111' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_login: false, user: { name: 'Ioana Marin', email: user.email, phone: '+40 711 111 111' } });
    expect((await hub.get('/api/auth/me', { token })).body.data.first_login).toBe(false);
    expect((await hub.login(user.username, TEST_PASSWORD)).body.data.first_login).toBe(false);
  });

  it('confirm-info refuses bad fields, and an email someone else has even to those who may change theirs', async () => {
    const other = await createUser(hub.db);
    const user = await createUser(hub.db);
    const { token } = await hub.login(user.username, TEST_PASSWORD);
    const bad = await hub.post('/api/auth/confirm-info', { name: '', email: 'not-an-email', phone: '1' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([{ message: 'Name is required.', field: 'name' }, { message: 'Email is invalid.', field: 'email' }]));
    const editor = await createUser(hub.db, { roleId: (await createRole(hub.db, { capabilities: ['EDIT_ALL_FIELDS'] })).id });
    const editorToken = (await hub.login(editor.username, TEST_PASSWORD)).token;
    const taken = await hub.post('/api/auth/confirm-info', { name: 'X', email: other.email, phone: '1' }, { token: editorToken });
    expect(taken.status).toBe(400);
    expect(taken.body.errors[0].field).toBe('email');
  });

  it('capabilities come from the role: all for admin, none for a plain user', async () => {
    const admin = await hub.login('admin');
    const member = await hub.login('member');
    const all = await hub.get('/api/user/capabilities', { token: admin.token });
    expect(all.body.data.capabilities.sort()).toEqual([...ALL_CAPABILITIES].sort());
    const none = await hub.get('/api/user/capabilities', { token: member.token });
    expect(none.body.data.capabilities).toEqual([]);
  });
});
