import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../shared/api/common';
import { SESSION_MESSAGES } from '../../shared/rules/messages';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Sign-in in the web build: the token also travels as an HttpOnly SameSite=Strict cookie, and a
// state-changing request authenticated by that cookie must carry x-hub-request: 1 (CSRF).
let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub({ trustProxy: true });
});
afterAll(() => hub?.close());

async function cookieLogin() {
  const user = await createUser(hub.db);
  const res = await hub.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
  const setCookie = res.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0];
  return { user, setCookie, cookie, token: res.body.data.access_token as string };
}

// the email stays as it is: a member may not change it (shared/rules/user-fields.ts)
const confirmBody = (username: string) => ({ name: `Web User ${username}`, phone: '+40 722 222 222' });

describe('session cookie', () => {
  it('sign-in sets an HttpOnly, SameSite=Strict cookie on /api (not Secure over plain http)', async () => {
    const { setCookie, cookie, token } = await cookieLogin();
    expect(cookie).toBe(`${SESSION_COOKIE}=${token}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api/);
    expect(setCookie).not.toMatch(/Secure/i);
  });

  it('the cookie authenticates a read', async () => {
    const { cookie, user } = await cookieLogin();
    const res = await hub.get('/api/auth/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(user.id);
  });

  it('a cookie-authenticated change without x-hub-request is refused (403)', async () => {
    const { cookie, user } = await cookieLogin();
    const res = await hub.post('/api/auth/confirm-info', confirmBody(user.username), { cookie });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ message: SESSION_MESSAGES.csrf }] });
  });

  it('the same change with x-hub-request: 1 is allowed', async () => {
    const { cookie, user } = await cookieLogin();
    const res = await hub.post('/api/auth/confirm-info', confirmBody(user.username), { cookie, csrf: true });
    expect(res.status).toBe(200);
  });

  it('a bearer-authenticated change needs no extra header', async () => {
    const { token, user } = await cookieLogin();
    const res = await hub.post('/api/auth/confirm-info', confirmBody(user.username), { token });
    expect(res.status).toBe(200);
  });

  it('logout by cookie revokes the session and clears the cookie', async () => {
    const { cookie } = await cookieLogin();
    const out = await hub.post('/api/auth/logout', undefined, { cookie, csrf: true });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await hub.get('/api/auth/me', { cookie })).status).toBe(401);
  });

  it('a dead cookie answers 401 and is cleared', async () => {
    const res = await hub.get('/api/auth/me', { cookie: `${SESSION_COOKIE}=nonsense` });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
  });

  it('the cookie is Secure when the request came over https (behind a TLS proxy)', async () => {
    const user = await createUser(hub.db);
    const res = await hub.request('POST', '/api/auth/login', {
      body: { username: user.username, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });
});
