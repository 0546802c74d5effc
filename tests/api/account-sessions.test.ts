import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionActivity, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/features/auth/sessions';
import { camelize } from '../../shared/api/case';
import { ownSessionsResponseSchema } from '../../shared/api/sessions';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { SESSIONS_MESSAGES } from '../../shared/rules/messages';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub, type WireBody } from '../support/hub';

// Ended sessions stay ended, and Settings → Sessions: a person's sessions end when they
// should, and each person sees and ends only their own.

let hub: TestHub;
let adminToken: string;

beforeAll(async () => {
  hub = await startTestHub({ seed: 'none' });
  const role = await createRole(hub.db, { name: 'Administrators', capabilities: [...ALL_CAPABILITIES] });
  const admin = await createUser(hub.db, { roleId: role.id, firstLogin: false });
  adminToken = (await hub.login(admin.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

describe('archiving a user', () => {
  it('deletes every session of theirs, so a token issued before the archive stays dead after the restore', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const first = await hub.login(user.username, TEST_PASSWORD);
    const second = await hub.login(user.username, TEST_PASSWORD);
    expect((await hub.get('/api/auth/me', { token: first.token })).status).toBe(200);

    expect((await hub.request('DELETE', `/api/user/${user.id}`, { token: adminToken })).status).toBe(200);
    expect(await hub.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await hub.request('PATCH', `/api/user/${user.id}/restore`, { token: adminToken })).status).toBe(200);

    for (const token of [first.token, second.token]) expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
    // the restored person signs in afresh
    const again = await hub.login(user.username, TEST_PASSWORD);
    expect((await hub.get('/api/auth/me', { token: again.token })).status).toBe(200);
  });

  it("restoring a user ends nobody's sessions", async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const other = await createUser(hub.db, { firstLogin: false });
    const { token } = await hub.login(other.username, TEST_PASSWORD);
    expect((await hub.request('DELETE', `/api/user/${user.id}`, { token: adminToken })).status).toBe(200);
    expect((await hub.request('PATCH', `/api/user/${user.id}/restore`, { token: adminToken })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token: adminToken })).status).toBe(200);
  });
});

/** Long enough for a NOTIFY sent at a commit to have reached the hub. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Signs in as `username` the way a browser or the desktop app would. */
async function signIn(username: string, client: { agent?: string; desktop?: boolean } = {}): Promise<{ token: string; sessionId: number }> {
  const headers: Record<string, string> = {};
  if (client.agent !== undefined) headers['user-agent'] = client.agent;
  if (client.desktop) headers['x-hub-client'] = 'desktop';
  const res = await hub.request<WireBody>('POST', '/api/auth/login', { body: { username, password: TEST_PASSWORD }, headers });
  expect(res.status).toBe(200);
  const token = res.body.data.access_token as string;
  const [row] = await hub.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return { token, sessionId: row.id };
}

const list = async (token: string) => {
  const res = await hub.get('/api/auth/sessions', { token });
  expect(res.status).toBe(200);
  return ownSessionsResponseSchema.parse(camelize(res.body)).data.items;
};

describe('Settings → Sessions', () => {
  it("lists the caller's live sessions: desktop or web, agent, first and last seen, address, and which one is this device", async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const web = await signIn(user.username, { agent: CHROME });
    const desktop = await signIn(user.username, { agent: 'BitstoneHub/1.4.0 (linux; Electron 37.2.0)', desktop: true });
    const revoked = await signIn(user.username);
    expect((await hub.post('/api/auth/logout', {}, { token: revoked.token })).status).toBe(200);
    const someoneElse = await createUser(hub.db, { firstLogin: false });
    await signIn(someoneElse.username);

    const items = await list(web.token);
    expect(items.map((s) => s.id).sort()).toEqual([web.sessionId, desktop.sessionId].sort());
    const byId = new Map(items.map((s) => [s.id, s]));
    expect(byId.get(web.sessionId)).toMatchObject({ client: 'web', userAgent: CHROME, current: true, lastAddress: '127.0.0.1' });
    expect(byId.get(desktop.sessionId)).toMatchObject({ client: 'desktop', userAgent: 'BitstoneHub/1.4.0 (linux; Electron 37.2.0)', current: false, lastAddress: '127.0.0.1' });
    for (const session of items) expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    // the desktop session has not been used since it was opened: last seen is when it was opened
    expect(byId.get(desktop.sessionId)!.lastSeenAt).toBe(byId.get(desktop.sessionId)!.createdAt);
  });

  it('keeps a long User-Agent to 300 printable characters', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const { token } = await signIn(user.username, { agent: `${CHROME} ${'x'.repeat(1000)}` });
    const [session] = await list(token);
    expect(session.userAgent).toHaveLength(300);
    expect(session.userAgent!.startsWith(CHROME)).toBe(true);
  });

  it('records when and where a session was last used, at most once a minute, without flushing the session cache', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const { token, sessionId } = await signIn(user.username);
    await vi.waitFor(() => expect(hub.app.sessionCache.following).toBe(true), { timeout: 10_000 });
    await settle(); // the sign-in's own change notice has come and gone
    expect(await hub.db.select().from(sessionActivity).where(eq(sessionActivity.sessionId, sessionId))).toEqual([]);
    // this use reads the session into the cache, then writes the activity row
    expect((await hub.get('/api/auth/me', { token })).status).toBe(200);
    const [first] = await hub.db.select().from(sessionActivity).where(eq(sessionActivity.sessionId, sessionId));
    expect(first).toMatchObject({ sessionId, lastAddress: '127.0.0.1' });
    await settle();
    // a write to `sessions` would have emptied every hub's cache: session_activity leaves it be
    expect(hub.app.sessionCache.get(hashToken(token), Date.now())).toMatchObject({ sessionId });
    expect((await hub.get('/api/auth/me', { token })).status).toBe(200);
    // the second use within the minute wrote nothing
    expect(await hub.db.select().from(sessionActivity).where(eq(sessionActivity.sessionId, sessionId))).toEqual([first]);
    const [listed] = await list(token);
    expect(listed.lastSeenAt).toBe(first.lastSeenAt.toISOString());
  });

  it("'Sign out' ends one of the caller's own sessions; the others go on", async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const here = await signIn(user.username);
    const there = await signIn(user.username);
    const res = await hub.request('DELETE', `/api/auth/sessions/${there.sessionId}`, { token: here.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ended: 1 } });
    expect((await hub.get('/api/auth/me', { token: there.token })).status).toBe(401);
    expect((await hub.get('/api/auth/me', { token: here.token })).status).toBe(200);
    expect((await list(here.token)).map((s) => s.id)).toEqual([here.sessionId]);
  });

  it("another person's session id, an ended one and an unknown one answer 404 and end nothing", async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const other = await createUser(hub.db, { firstLogin: false });
    const mine = await signIn(user.username);
    const theirs = await signIn(other.username);
    const ended = await signIn(user.username);
    expect((await hub.post('/api/auth/logout', {}, { token: ended.token })).status).toBe(200);
    for (const id of [theirs.sessionId, ended.sessionId, 2_000_000_000]) {
      const res = await hub.request('DELETE', `/api/auth/sessions/${id}`, { token: mine.token });
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ errors: [{ message: SESSIONS_MESSAGES.notFound }] });
    }
    expect((await hub.get('/api/auth/me', { token: theirs.token })).status).toBe(200);
    // nor can anyone read another person's list: it is always the caller's own
    expect((await list(theirs.token)).map((s) => s.id)).toEqual([theirs.sessionId]);
  });

  it("'Sign out everywhere else' ends every other session of the caller, and nobody else's", async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const other = await createUser(hub.db, { firstLogin: false });
    const here = await signIn(user.username);
    const elsewhere = [await signIn(user.username), await signIn(user.username, { desktop: true })];
    const theirs = await signIn(other.username);
    const res = await hub.request('DELETE', '/api/auth/sessions', { token: here.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ended: 2 } });
    for (const { token } of elsewhere) expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
    expect((await hub.get('/api/auth/me', { token: here.token })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token: theirs.token })).status).toBe(200);
    expect((await list(here.token)).map((s) => s.id)).toEqual([here.sessionId]);
  });

  it('signing out this very session from the list ends it and clears the cookie', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const here = await signIn(user.username);
    const res = await hub.request('DELETE', `/api/auth/sessions/${here.sessionId}`, { token: here.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/hub_session=;/);
    expect((await hub.get('/api/auth/me', { token: here.token })).status).toBe(401);
  });

  it('a cookie session needs the CSRF header to end sessions', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const here = await signIn(user.username);
    const there = await signIn(user.username);
    const cookie = `hub_session=${here.token}`;
    expect((await hub.request('DELETE', `/api/auth/sessions/${there.sessionId}`, { cookie })).status).toBe(403);
    expect((await hub.request('DELETE', '/api/auth/sessions', { cookie })).status).toBe(403);
    expect((await hub.get('/api/auth/me', { token: there.token })).status).toBe(200);
    expect((await hub.request('DELETE', `/api/auth/sessions/${there.sessionId}`, { cookie, csrf: true })).status).toBe(200);
  });
});
