import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../server/db/schema';
import { apiTokenActivity, apiTokens } from '../../server/features/auth/api-tokens-schema';
import { hashToken } from '../../server/features/auth/sessions';
import { API_TOKEN_RATE_LIMIT } from '../../server/features/api-tokens/token-rate-limit';
import { adminApiTokensResponseSchema } from '../../shared/api/api-tokens';
import { auditResponseSchema } from '../../shared/api/audit';
import { camelize } from '../../shared/api/case';
import { teamSavedResponseSchema } from '../../shared/api/admin';
import { meResponseSchema } from '../../shared/api/auth';
import { API_TOKEN_MESSAGES as M, API_TOKEN_PREFIX } from '../../shared/rules/api-tokens';
import { listApiTokens, makeApiToken } from '../support/api-tokens';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';
import { openSseStream } from '../support/sse';

// Personal API tokens (docs/api.md 'API tokens', SECURITY.md 'API tokens'): made and revoked in
// Settings, seen and revoked by admins, and what one may reach as `Authorization: Bearer bsh_…`.

let hub: TestHub;
const session: Record<'admin' | 'member', string> = {} as never;
let memberId: number;

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  session.admin = (await hub.login('admin')).token;
  session.member = (await hub.login('member')).token;
  memberId = (await hub.db.select({ id: users.id }).from(users).where(eq(users.username, 'member')))[0].id;
}, 180_000);
afterAll(() => hub?.close());

const errorsOf = (body: { errors: { field?: string; message: string }[] }) => body.errors.map((e) => [e.field, e.message]);

describe('Settings → API tokens: one’s own', () => {
  it('creates a token shown once with the bsh_ prefix, stores only its hash, lists it without it, and revokes it', async () => {
    const created = await makeApiToken(hub, session.member, { name: 'Nightly report', scope: 'read-write', expiresInDays: 90 });
    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.token.length).toBeGreaterThanOrEqual(API_TOKEN_PREFIX.length + 43);
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(90 * 86_400_000);
    const [row] = await hub.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const listed = await hub.get('/api/me/tokens', { token: session.member });
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
    expect(JSON.stringify(listed.body)).not.toContain(row.tokenHash);
    const items = await listApiTokens(hub, session.member);
    expect(items).toContainEqual({ id: created.id, name: 'Nightly report', scope: 'read-write', createdAt: created.createdAt, expiresAt: created.expiresAt, lastUsedAt: null, lastUsedAddress: null });

    const revoked = await hub.request('DELETE', `/api/me/tokens/${created.id}`, { token: session.member });
    expect(revoked.status).toBe(200);
    expect((await listApiTokens(hub, session.member)).map((t) => t.id)).not.toContain(created.id);
    expect((await hub.get('/api/auth/me', { token: created.token })).status).toBe(401);
    // a second revoke, or another person's token, finds nothing
    expect((await hub.request('DELETE', `/api/me/tokens/${created.id}`, { token: session.member })).status).toBe(404);
  });

  it('another person’s token is not found for the caller, and stays', async () => {
    const admins = await makeApiToken(hub, session.admin, { name: 'Admin’s' });
    const res = await hub.request('DELETE', `/api/me/tokens/${admins.id}`, { token: session.member });
    expect(res.status).toBe(404);
    expect((await hub.get('/api/auth/me', { token: admins.token })).status).toBe(200);
  });

  it('records when and where a token was last used, at most once a minute', async () => {
    const created = await makeApiToken(hub, session.member);
    expect((await hub.get('/api/auth/me', { token: created.token })).status).toBe(200);
    const [first] = await hub.db.select().from(apiTokenActivity).where(eq(apiTokenActivity.tokenId, created.id));
    expect(first.lastAddress).toBe('127.0.0.1');
    expect((await hub.get('/api/auth/me', { token: created.token })).status).toBe(200);
    const [second] = await hub.db.select().from(apiTokenActivity).where(eq(apiTokenActivity.tokenId, created.id));
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
    const listed = (await listApiTokens(hub, session.member)).find((t) => t.id === created.id)!;
    expect(listed).toMatchObject({ lastUsedAt: first.lastUsedAt.toISOString(), lastUsedAddress: '127.0.0.1' });
  });
});

describe('bad input is 400 per field and creates nothing', () => {
  const cases: [string, unknown, [string, string][]][] = [
    ['nothing at all', {}, [['name', M.nameRequired], ['scope', M.scope], ['expires_in_days', M.expiry]]],
    ['a blank name', { name: '   ', scope: 'read', expires_in_days: 30 }, [['name', M.nameRequired]]],
    ['a name of 101 characters', { name: 'x'.repeat(101), scope: 'read', expires_in_days: 30 }, [['name', M.nameTooLong]]],
    ['an expiry that is not 30, 90 or 365 days', { name: 'Script', scope: 'read', expires_in_days: 7 }, [['expires_in_days', M.expiry]]],
    ['no expiry (no token lives for ever)', { name: 'Script', scope: 'read', expires_in_days: null }, [['expires_in_days', M.expiry]]],
    ['an unknown scope', { name: 'Script', scope: 'root', expires_in_days: 30 }, [['scope', M.scope]]],
  ];
  it.each(cases)('%s', async (_label, body, errors) => {
    const before = (await hub.db.select().from(apiTokens)).length;
    const res = await hub.post('/api/me/tokens', body, { token: session.member });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual(errors);
    expect((await hub.db.select().from(apiTokens)).length).toBe(before);
  });

  it('a NUL in the name is refused on the field, as the text guard refuses it everywhere', async () => {
    const res = await hub.post('/api/me/tokens', { name: 'Scr\u0000ipt', scope: 'read', expires_in_days: 30 }, { token: session.member });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('name');
  });

  it('an admin scope is refused to someone who does not administer the hub: 403 on scope', async () => {
    const before = (await hub.db.select().from(apiTokens)).length;
    for (const scope of ['admin-read', 'admin-read-write']) {
      const res = await hub.post('/api/me/tokens', { name: 'Sneaky', scope, expires_in_days: 30 }, { token: session.member });
      expect(res.status).toBe(403);
      expect(errorsOf(res.body)).toEqual([['scope', M.adminScope]]);
    }
    expect((await hub.db.select().from(apiTokens)).length).toBe(before);
  });
});

describe('what a token reaches', () => {
  it('a read token reads as its person and gets 403 on any write', async () => {
    const { token } = await makeApiToken(hub, session.member, { scope: 'read' });
    const me = await hub.get('/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(meResponseSchema.parse(camelize(me.body)).data.user.id).toBe(memberId);
    const write = await hub.request('PUT', '/api/preferences', { token, body: { theme: 'dark' } });
    expect(write.status).toBe(403);
    expect(errorsOf(write.body)).toEqual([[undefined, M.readOnly]]);
  });

  it('a read-write token writes, needs no CSRF header (no cookie), and an admin-read-write token’s change is audited as the token’s', async () => {
    const member = await makeApiToken(hub, session.member, { scope: 'read-write' });
    expect((await hub.request('PUT', '/api/preferences', { token: member.token, body: { theme: 'dark' } })).status).toBe(200);
    const admin = await makeApiToken(hub, session.admin, { name: 'Provisioning', scope: 'admin-read-write' });
    const res = await hub.post('/api/team', { name: `Token team ${Date.now()}`, technology: 'Go' }, { token: admin.token });
    expect(res.status).toBe(200);
    const team = teamSavedResponseSchema.parse(camelize(res.body)).data.team;
    const [row] = await hub.db.select().from(auditLog).where(eq(auditLog.entityId, String(team.id)));
    expect(row).toMatchObject({ entity: 'team', action: 'create', apiTokenId: admin.id, apiTokenName: 'Provisioning' });
    const audit = auditResponseSchema.parse(camelize((await hub.get('/api/audit?entity=team', { token: session.admin })).body)).data.items;
    expect(audit.find((e) => e.entityId === String(team.id))?.apiToken).toEqual({ id: admin.id, name: 'Provisioning' });
    // the same change signed in names no token
    const signedIn = await hub.post('/api/team', { name: `Session team ${Date.now()}`, technology: 'Go' }, { token: session.admin, csrf: true });
    const other = teamSavedResponseSchema.parse(camelize(signedIn.body)).data.team;
    expect((await hub.db.select().from(auditLog).where(eq(auditLog.entityId, String(other.id))))[0]).toMatchObject({ apiTokenId: null, apiTokenName: null });
  });

  it('no token, whatever its scope, manages passwords, sessions or tokens, or changes roles and access (403 with the message)', async () => {
    const { token } = await makeApiToken(hub, session.admin, { scope: 'admin-read-write' });
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/auth/password', { current_password: 'demo', new_password: 'marmalade-orbit-cactus' }],
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions'],
      ['GET', '/api/me/tokens'],
      ['POST', '/api/me/tokens', { name: 'Child', scope: 'read', expires_in_days: 30 }],
      ['GET', '/api/admin/tokens'],
      ['PUT', `/api/admin/users/${memberId}/role`, { role_id: 1 }],
      ['POST', `/api/admin/users/${memberId}/password-reset`],
      ['POST', '/api/role', { name: 'Shadow admin', capabilities: ['VIEW_ADMIN'] }],
    ];
    for (const [method, path, body] of calls) {
      const res = await hub.request(method, path, { token, body });
      expect([path, res.status, errorsOf(res.body)]).toEqual([path, 403, [[undefined, M.signInOnly]]]);
    }
    expect((await hub.get('/api/auth/me', { token: session.admin })).status).toBe(200);
  });

  it('a token without an admin scope gets 403 on admin routes even when its person is an admin', async () => {
    const { token } = await makeApiToken(hub, session.admin, { scope: 'read-write' });
    for (const path of ['/api/admin/users', '/api/audit', '/api/role']) {
      const res = await hub.get(path, { token });
      expect([path, res.status, errorsOf(res.body)]).toEqual([path, 403, [[undefined, M.notAdmin]]]);
    }
    const adminRead = await makeApiToken(hub, session.admin, { scope: 'admin-read' });
    expect((await hub.get('/api/admin/users', { token: adminRead.token })).status).toBe(200);
    expect((await hub.post('/api/team', { name: 'Read only team', technology: 'Go' }, { token: adminRead.token })).status).toBe(403);
  });

  it('the notification stream is one per token: two people’s tokens, and a session, keep theirs open together', async () => {
    const member = await makeApiToken(hub, session.member);
    const admin = await makeApiToken(hub, session.admin);
    const streams = [openSseStream(hub.url, member.token), openSseStream(hub.url, admin.token), openSseStream(hub.url, session.member)];
    try {
      for (const stream of streams) await stream.next('ready');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(streams.map((s) => s.isEnded())).toEqual([false, false, false]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('a token sent as the session cookie is no session (401); the cookie’s CSRF rule stays', async () => {
    const { token } = await makeApiToken(hub, session.member, { scope: 'read-write' });
    expect((await hub.get('/api/auth/me', { cookie: `hub_session=${token}` })).status).toBe(401);
    const cookie = `hub_session=${session.member}`;
    expect((await hub.request('PUT', '/api/preferences', { cookie, body: { theme: 'light' } })).status).toBe(403);
    expect((await hub.request('PUT', '/api/preferences', { cookie, csrf: true, body: { theme: 'light' } })).status).toBe(200);
  });

  it('each token has its own rate limit: past it 429 with Retry-After, while another token goes on', async () => {
    const busy = await makeApiToken(hub, session.member);
    const calm = await makeApiToken(hub, session.member);
    const statuses: number[] = [];
    for (let sent = 0; sent < API_TOKEN_RATE_LIMIT.requests; sent += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, API_TOKEN_RATE_LIMIT.requests - sent) }, () => hub.get('/api/auth/me', { token: busy.token })));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await hub.get('/api/auth/me', { token: busy.token });
    expect(over.status).toBe(429);
    expect(errorsOf(over.body)).toEqual([[undefined, M.rateLimited]]);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await hub.get('/api/auth/me', { token: calm.token })).status).toBe(200);
  }, 60_000);
});

describe('when a token dies', () => {
  it('an expired token answers 401', async () => {
    const created = await makeApiToken(hub, session.member);
    await hub.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, created.id));
    expect((await hub.get('/api/auth/me', { token: created.token })).status).toBe(401);
    expect((await listApiTokens(hub, session.member)).map((t) => t.id)).not.toContain(created.id);
  });

  it('a made-up bsh_ token answers 401', async () => {
    expect((await hub.get('/api/auth/me', { token: `${API_TOKEN_PREFIX}${'A'.repeat(43)}` })).status).toBe(401);
  });

  it('an archived person’s tokens answer 401 and stay dead after a restore', async () => {
    const person = await createUser(hub.db, { name: 'Arch Ived', firstLogin: false });
    const own = (await hub.login(person.username, TEST_PASSWORD)).token;
    const { token } = await makeApiToken(hub, own);
    expect((await hub.get('/api/auth/me', { token })).status).toBe(200);
    expect((await hub.request('DELETE', `/api/user/${person.id}`, { token: session.admin })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
    expect((await hub.request('PATCH', `/api/user/${person.id}/restore`, { token: session.admin })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
    expect(await hub.db.select().from(apiTokens).where(eq(apiTokens.userId, person.id))).toEqual([]);
  });

  it('erasing an archived person’s personal data deletes any token row of theirs and its use', async () => {
    const person = await createUser(hub.db, { name: 'Era Sed', status: 'deleted' });
    // written outside the hub (archiving deletes them first): erasure must not leave one behind
    const [row] = await hub.db.insert(apiTokens).values({ userId: person.id, name: 'Left over', scope: 'read', tokenHash: hashToken('bsh_left-over'), expiresAt: new Date(Date.now() + 86_400_000) }).returning();
    await hub.db.insert(apiTokenActivity).values({ tokenId: row.id, lastUsedAt: new Date(), lastAddress: '10.0.0.1' });
    expect((await hub.request('DELETE', `/api/admin/users/${person.id}/personal-data`, { token: session.admin })).status).toBe(200);
    expect(await hub.db.select().from(apiTokens).where(eq(apiTokens.userId, person.id))).toEqual([]);
    expect(await hub.db.select().from(apiTokenActivity).where(eq(apiTokenActivity.tokenId, row.id))).toEqual([]);
  });

  it('‘sign out everywhere else’ ends every token of the person, and nobody else’s', async () => {
    const person = await createUser(hub.db, { name: 'Every Where', firstLogin: false });
    const own = (await hub.login(person.username, TEST_PASSWORD)).token;
    const mine = await makeApiToken(hub, own);
    const others = await makeApiToken(hub, session.member);
    expect((await hub.request('DELETE', '/api/auth/sessions', { token: own })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token: mine.token })).status).toBe(401);
    expect((await hub.get('/api/auth/me', { token: others.token })).status).toBe(200);
  });
});

describe('Admin → API tokens', () => {
  it('an admin lists everyone’s live tokens with their owners, never the token, and revokes one (audited)', async () => {
    const created = await makeApiToken(hub, session.member, { name: 'Member’s export' });
    const res = await hub.get('/api/admin/tokens', { token: session.admin });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(created.token);
    const listed = adminApiTokensResponseSchema.parse(camelize(res.body)).data.items.find((t) => t.id === created.id);
    expect(listed).toMatchObject({ name: 'Member’s export', scope: 'read', owner: { id: memberId } });

    expect((await hub.request('DELETE', `/api/admin/tokens/${created.id}`, { token: session.admin, csrf: true })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token: created.token })).status).toBe(401);
    const [row] = await hub.db.select().from(auditLog).where(eq(auditLog.entityId, String(created.id)));
    expect(row).toBeDefined();
    const rows = await hub.db.select().from(auditLog).where(eq(auditLog.entity, 'api_token'));
    expect(rows.filter((r) => r.entityId === String(created.id)).map((r) => r.action).sort()).toEqual(['create', 'revoke']);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect((await hub.request('DELETE', `/api/admin/tokens/${created.id}`, { token: session.admin })).status).toBe(404);
  });

  it('someone who does not administer the hub is refused both admin routes (403) and nothing is revoked', async () => {
    const admins = await makeApiToken(hub, session.admin);
    expect((await hub.get('/api/admin/tokens', { token: session.member })).status).toBe(403);
    expect((await hub.request('DELETE', `/api/admin/tokens/${admins.id}`, { token: session.member })).status).toBe(403);
    expect((await hub.get('/api/auth/me', { token: admins.token })).status).toBe(200);
  });
});
