import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginEvents, settings, users } from '../../server/db/schema';
import { verifyPassword } from '../../server/features/auth/passwords';
import { PASSWORD_CHANGE_METHOD } from '../../server/features/auth/password-change';
import { LOCAL_PASSWORDS_KEY } from '../../server/features/auth/sso/local-passwords';
import { camelize } from '../../shared/api/case';
import { passwordChangedResponseSchema, passwordStatusResponseSchema } from '../../shared/api/passwords';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { PASSWORD_MESSAGES } from '../../shared/rules/messages';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Settings → Password: the person's own password, proven by the current one; every other
// session ends, the current one stays; rate-limited like sign-in; audited without passwords.

const NEW_PASSWORD = 'marmalade-orbit-cactus';

let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub({ seed: 'none' });
});
afterAll(() => hub?.close());
afterEach(async () => {
  await hub.db.delete(settings).where(eq(settings.key, LOCAL_PASSWORDS_KEY));
});

const change = (token: string, body: unknown) => hub.post('/api/auth/password', body, { token });
const me = (token: string) => hub.get('/api/auth/me', { token });

async function person(input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(hub.db, { firstLogin: false, ...input });
  const { token } = await hub.login(user.username, input.password ?? TEST_PASSWORD);
  return { user, token };
}

describe('changing one\'s own password', () => {
  it('with the right current password: the new one works, the old one no more, every other session ends and this one stays', async () => {
    const { user, token } = await person();
    const others = [(await hub.login(user.username, TEST_PASSWORD)).token, (await hub.login(user.username, TEST_PASSWORD)).token];
    const bystander = await person();

    const res = await change(token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(passwordChangedResponseSchema.parse(camelize(res.body)).data).toEqual({ changed: true, sessionsEnded: 2 });

    expect((await me(token)).status).toBe(200);
    for (const other of others) expect((await me(other)).status).toBe(401);
    expect((await me(bystander.token)).status).toBe(200);
    expect((await hub.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).status).toBe(401);
    expect((await hub.post('/api/auth/login', { username: user.username, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('is audited as the person\'s own change, with no password in the record', async () => {
    const { user, token } = await person();
    expect((await change(token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(200);
    const [row] = await hub.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'password-change')));
    expect(row).toMatchObject({ actorId: user.id, entity: 'user' });
    const [{ passwordHash }] = await hub.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    for (const secret of [TEST_PASSWORD, NEW_PASSWORD, passwordHash!]) expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('a wrong current password is 400 on that field, counts as a failed sign-in and changes nothing', async () => {
    const { user, token } = await person();
    const other = (await hub.login(user.username, TEST_PASSWORD)).token;
    const res = await change(token, { current_password: 'not the password', new_password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: PASSWORD_MESSAGES.currentWrong, field: 'current_password' }] });
    const failures = await hub.db.select().from(loginEvents).where(and(eq(loginEvents.userId, user.id), eq(loginEvents.success, false)));
    expect(failures.map((e) => e.method)).toEqual([PASSWORD_CHANGE_METHOD]);
    const [row] = await hub.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(TEST_PASSWORD, row.passwordHash)).toBe(true);
    expect((await me(other)).status).toBe(200);
  });

  it.each([
    ['shorter than 12 characters', 'Zs9#kLm2pQ!', PASSWORD_MESSAGES.tooShort],
    ['one of the most common passwords', 'password1234', PASSWORD_MESSAGES.common],
    ['a common one with a twist', 'P@ssw0rd1234', PASSWORD_MESSAGES.common],
    ['the current one again', TEST_PASSWORD, PASSWORD_MESSAGES.sameAsCurrent],
  ])('a new password that is %s is 400 on new_password', async (_label, newPassword, message) => {
    const { user, token } = await person();
    const res = await change(token, { current_password: TEST_PASSWORD, new_password: newPassword });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message, field: 'new_password' }] });
    const [row] = await hub.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(TEST_PASSWORD, row.passwordHash)).toBe(true);
  });

  it('a new password that is or holds the username, in any case, is 400', async () => {
    const { user, token } = await person({ username: `orbit.cactus.${Date.now() % 100_000}` });
    for (const newPassword of [user.username, user.username.toUpperCase(), `x-${user.username}-marmalade`]) {
      const res = await change(token, { current_password: TEST_PASSWORD, new_password: newPassword });
      expect(res.status, newPassword).toBe(400);
      expect(res.body).toEqual({ errors: [{ message: PASSWORD_MESSAGES.hasUsername, field: 'new_password' }] });
    }
  });

  it('missing fields are 400 with a message each', async () => {
    const { token } = await person();
    const res = await change(token, {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([
      { message: PASSWORD_MESSAGES.currentRequired, field: 'current_password' },
      { message: PASSWORD_MESSAGES.newRequired, field: 'new_password' },
    ]));
  });

  it('is rate-limited like sign-in: after 5 wrong passwords in 15 minutes even the right one is 429', async () => {
    const { user, token } = await person();
    for (let i = 0; i < 5; i += 1) expect((await change(token, { current_password: `wrong ${i}`, new_password: NEW_PASSWORD })).status).toBe(400);
    const limited = await change(token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ errors: [{ message: PASSWORD_MESSAGES.tooManyAttempts }] });
    // the failures were just made: the limit holds for about the whole 15 minutes
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // the same counter as the sign-in page: guessing here locks guessing there
    expect((await hub.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).status).toBe(429);
    const [row] = await hub.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(TEST_PASSWORD, row.passwordHash)).toBe(true);
  });

  it('failed sign-ins count against the change too', async () => {
    const { user, token } = await person();
    for (let i = 0; i < 5; i += 1) await hub.post('/api/auth/login', { username: user.username, password: `wrong ${i}` });
    expect((await change(token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(429);
  });

  it('a cookie session needs the CSRF header', async () => {
    const { token } = await person();
    const cookie = `hub_session=${token}`;
    const body = { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD };
    expect((await hub.request('POST', '/api/auth/password', { cookie, body })).status).toBe(403);
    expect((await hub.request('POST', '/api/auth/password', { cookie, body, csrf: true })).status).toBe(200);
  });
});

describe('people without a hub password (single sign-on only)', () => {
  const status = async (token: string) => passwordStatusResponseSchema.parse(camelize((await hub.get('/api/auth/password', { token })).body)).data;

  it('someone who never had a local password is offered no form and refused (403)', async () => {
    const { user, token } = await person();
    await hub.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect(await status(token)).toEqual({ canChange: false });
    const res = await change(token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ message: PASSWORD_MESSAGES.ssoOnly }] });
    expect((await hub.db.select().from(users).where(eq(users.id, user.id)))[0].passwordHash).toBeNull();
  });

  it('with local passwords off, nobody but the bootstrap admin has one to change', async () => {
    const { user, token } = await person();
    const role = await createRole(hub.db, { capabilities: [...ALL_CAPABILITIES] });
    const bootstrap = await person({ username: 'admin', roleId: role.id });
    expect(await status(token)).toEqual({ canChange: true });
    await hub.db.insert(settings).values({ key: LOCAL_PASSWORDS_KEY, value: false });

    expect(await status(token)).toEqual({ canChange: false });
    const refused = await change(token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errors: [{ message: PASSWORD_MESSAGES.ssoOnly }] });
    expect(await verifyPassword(TEST_PASSWORD, (await hub.db.select().from(users).where(eq(users.id, user.id)))[0].passwordHash)).toBe(true);

    expect(await status(bootstrap.token)).toEqual({ canChange: true });
    expect((await change(bootstrap.token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('after an admin\'s reset', () => {
  it('the one-time password is the current one; once changed, the session may do everything again', async () => {
    const role = await createRole(hub.db, { capabilities: [...ALL_CAPABILITIES] });
    const admin = await person({ roleId: role.id });
    const user = await createUser(hub.db, { firstLogin: false });
    const { password } = (await hub.post(`/api/admin/users/${user.id}/password-reset`, undefined, { token: admin.token })).body.data;
    const { token, body } = await hub.login(user.username, password);
    expect(body.data.password_must_change).toBe(true);
    expect((await hub.get('/api/user/capabilities', { token })).status).toBe(403);

    // the one-time password may not simply be kept
    expect((await change(token, { current_password: password, new_password: password })).status).toBe(400);
    const res = await change(token, { current_password: password, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await me(token)).body.data.password_must_change).toBe(false);
    expect((await hub.get('/api/user/capabilities', { token })).status).toBe(200);
    expect((await hub.db.select().from(users).where(eq(users.id, user.id)))[0].passwordMustChange).toBe(false);
    expect((await hub.login(user.username, NEW_PASSWORD)).body.data.password_must_change).toBe(false);
  });
});
