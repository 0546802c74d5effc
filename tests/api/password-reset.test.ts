import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, settings, users } from '../../server/db/schema';
import { verifyPassword } from '../../server/features/auth/passwords';
import { LOCAL_PASSWORDS_KEY } from '../../server/features/auth/sso/local-passwords';
import { camelize } from '../../shared/api/case';
import { passwordResetResponseSchema } from '../../shared/api/passwords';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { PASSWORD_MESSAGES, SESSION_MESSAGES } from '../../shared/rules/messages';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Admin → Users → Reset password: whoever may manage users (the admin guard) sets a
// one-time password; the person's sessions end, and their next sign-in may only choose a new one.

let hub: TestHub;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  hub = await startTestHub({ seed: 'none' });
  const role = await createRole(hub.db, { name: 'Administrators', capabilities: [...ALL_CAPABILITIES] });
  admin = await createUser(hub.db, { roleId: role.id, firstLogin: false });
  adminToken = (await hub.login(admin.username, TEST_PASSWORD)).token;
  const member = await createUser(hub.db, { firstLogin: false });
  memberToken = (await hub.login(member.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());
afterEach(async () => {
  await hub.db.delete(settings).where(eq(settings.key, LOCAL_PASSWORDS_KEY));
});

const reset = (id: number, token = adminToken) => hub.post(`/api/admin/users/${id}/password-reset`, undefined, { token });

describe('an admin resets a password', () => {
  it('answers a readable one-time password once, ends every session of the person, and audits it without the password', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const sessionsBefore = [(await hub.login(user.username, TEST_PASSWORD)).token, (await hub.login(user.username, TEST_PASSWORD)).token];

    const res = await reset(user.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { password, sessionsEnded } = passwordResetResponseSchema.parse(camelize(res.body)).data;
    expect(password).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){4}$/);
    expect(password).not.toMatch(/[01OIl]/);
    expect(sessionsEnded).toBe(2);

    for (const token of sessionsBefore) expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
    expect(await hub.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [row] = await hub.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordMustChange).toBe(true);
    expect(await verifyPassword(password, row.passwordHash)).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, row.passwordHash)).toBe(false);

    const audit = await hub.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'password-reset')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(admin.id);
    expect(JSON.stringify(audit[0])).not.toContain(password);
    expect(JSON.stringify(audit[0])).not.toContain(row.passwordHash!);
  });

  it('each reset draws a new password', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const first = (await reset(user.id)).body.data.password;
    const second = (await reset(user.id)).body.data.password;
    expect(first).not.toBe(second);
  });

  it('is refused to a member without admin rights (403), and changes nothing', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const { token } = await hub.login(user.username, TEST_PASSWORD);
    const res = await reset(user.id, memberToken);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ message: SESSION_MESSAGES.forbidden }] });
    expect((await hub.get('/api/auth/me', { token })).status).toBe(200);
    const [row] = await hub.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordMustChange).toBe(false);
  });

  it('an unknown user is 404; the admin\'s own password is changed in Settings, not here', async () => {
    expect((await reset(2_000_000_000)).status).toBe(404);
    const own = await reset(admin.id);
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ errors: [{ message: PASSWORD_MESSAGES.resetSelf }] });
    expect((await hub.get('/api/auth/me', { token: adminToken })).status).toBe(200);
  });

  it('with local passwords off, a person who signs in through SSO has no hub password to reset (403); the bootstrap admin still has one', async () => {
    await hub.db.insert(settings).values({ key: LOCAL_PASSWORDS_KEY, value: false });
    const ssoUser = await createUser(hub.db, { firstLogin: false });
    const refused = await reset(ssoUser.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errors: [{ message: PASSWORD_MESSAGES.resetSsoOnly }] });
    expect((await hub.db.select().from(users).where(eq(users.id, ssoUser.id)))[0].passwordMustChange).toBe(false);

    // NO_SSO names 'admin' as the bootstrap admin, who keeps local sign-in whatever the setting
    const bootstrap = await createUser(hub.db, { username: 'admin', firstLogin: false });
    expect((await reset(bootstrap.id)).status).toBe(200);
  });
});

describe('the next sign-in with the one-time password', () => {
  it('says the password must change, and the session may only read who it is, sign out or change the password', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const { password } = (await reset(user.id)).body.data;
    expect((await hub.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).status).toBe(401);
    const login = await hub.post('/api/auth/login', { username: user.username, password });
    expect(login.status).toBe(200);
    expect(login.body.data.password_must_change).toBe(true);
    const token = login.body.data.access_token as string;

    const me = await hub.get('/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ password_must_change: true, user: { id: user.id } });
    for (const [method, path, body] of [
      ['GET', '/api/user', undefined],
      ['GET', '/api/user/capabilities', undefined],
      ['GET', `/api/user/${user.id}`, undefined],
      ['GET', '/api/auth/sessions', undefined],
      ['DELETE', '/api/auth/sessions', undefined],
      ['POST', '/api/auth/confirm-info', { name: 'Someone', email: `${user.username}@bitstone.test`, phone: '+40 700 000 002' }],
    ] as const) {
      const res = await hub.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ errors: [{ message: PASSWORD_MESSAGES.mustChange }] });
    }
    expect((await hub.post('/api/auth/logout', {}, { token })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
  });

  it('a person whose password need not change is not restricted', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const login = await hub.login(user.username, TEST_PASSWORD);
    expect(login.body.data.password_must_change).toBe(false);
    expect((await hub.get('/api/user/capabilities', { token: login.token })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token: login.token })).body.data.password_must_change).toBe(false);
  });
});
