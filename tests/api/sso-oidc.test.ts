import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginEvents, users } from '../../server/db/schema';
import { oidcFlows } from '../../server/features/auth/sso-schema';
import { NO_SSO, type SsoConfig } from '../../server/features/auth/sso/config';
import { SESSION_COOKIE } from '../../shared/api/common';
import { SSO_MESSAGES } from '../../shared/api/sso';
import { createUser } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';
import { loginAtProvider, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';

// OpenID Connect sign-in against a real provider (oidc-provider) on loopback:
// the web callback, the desktop's complete call, linking by email, and every refusal.

let provider: TestOidcProvider;
let hub: TestHub;
const unique = () => randomBytes(4).toString('hex');
const DESKTOP_REDIRECT = 'http://127.0.0.1:53682/callback';

beforeAll(async () => {
  provider = await startOidcProvider({
    // native client: loopback URIs match on any port, so these cover the hub and the desktop listener
    redirectUris: ['http://127.0.0.1/api/auth/oidc/callback', 'http://127.0.0.1/callback'],
    accounts: {},
  });
  const sso: SsoConfig = {
    ...NO_SSO,
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, providerName: 'Bitstone ID', redirectUris: [], allowLoopback: true, scopes: 'openid email profile' },
  };
  hub = await startTestHub({ seed: 'demo', sso });
});
afterAll(async () => {
  await hub?.close();
  await provider?.stop();
});

/** A provider account for this test only. */
function account(input: { email?: string; emailVerified?: boolean; name?: string; preferredUsername?: string } = {}) {
  const id = `acct-${unique()}`;
  provider.accounts.set(id, { email: input.email ?? `${id}@company.test`, emailVerified: input.emailVerified, name: input.name ?? `Person ${id}`, preferredUsername: input.preferredUsername });
  return id;
}

/** Desktop-style: start with the loopback redirect, sign in at the provider, return code/state/iss. */
async function desktopCode(login: string) {
  const start = await hub.post('/api/auth/oidc/start', { redirect_uri: DESKTOP_REDIRECT });
  expect(start.status).toBe(200);
  const landed = await loginAtProvider(start.body.data.authorization_url, login);
  expect(`${landed.origin}${landed.pathname}`).toBe(DESKTOP_REDIRECT);
  return { code: landed.searchParams.get('code') ?? '', state: landed.searchParams.get('state') ?? '', iss: landed.searchParams.get('iss') ?? undefined };
}

const cookieFrom = (headers: Headers, name: string) =>
  headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1);

describe('GET /auth/sso (public): what the login page offers', () => {
  it('names the provider; LDAP off; local passwords on', async () => {
    const res = await hub.get('/api/auth/sso');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ oidc: { provider_name: 'Bitstone ID' }, ldap: null, local_passwords: true });
  });
});

describe('web sign-in: start, the provider, the hub callback', () => {
  it('a new person gets a user with the default role, the session cookie and a redirect to the login page', async () => {
    const login = account({ name: 'Ioana Web', preferredUsername: 'ioana.web' });
    const start = await hub.post('/api/auth/oidc/start');
    expect(start.status).toBe(200);
    const authorizationUrl = new URL(start.body.data.authorization_url);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${hub.url}/api/auth/oidc/callback`);
    // the verifier never leaves the hub: only its challenge is in the URL
    const flow = (await hub.db.select().from(oidcFlows).where(eq(oidcFlows.state, authorizationUrl.searchParams.get('state') ?? '')))[0];
    expect(flow.codeVerifier).toBeTruthy();
    expect(authorizationUrl.toString()).not.toContain(flow.codeVerifier);
    const stateCookie = cookieFrom(start.headers, 'hub_oidc_state');
    expect(stateCookie).toBeTruthy();

    const landed = await loginAtProvider(authorizationUrl.toString(), login);
    expect(landed.pathname).toBe('/api/auth/oidc/callback');
    const callback = await fetch(landed, { redirect: 'manual', headers: { cookie: stateCookie ?? '' } });
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/login?sso=done');
    const session = cookieFrom(callback.headers, SESSION_COOKIE);
    expect(session).toBeTruthy();

    const me = await hub.get('/api/auth/me', { cookie: session });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ name: 'Ioana Web', username: 'ioana.web', email: `${login}@company.test`, role: { name: 'User' } });
    expect(me.body.data.first_login).toBe(true);
    const [event] = await hub.db.select().from(loginEvents).where(eq(loginEvents.userId, me.body.data.user.id)).orderBy(desc(loginEvents.id)).limit(1);
    expect(event).toMatchObject({ success: true, method: 'oidc' });
  });

  it('a callback in a browser that did not start the sign-in is refused (login CSRF)', async () => {
    const start = await hub.post('/api/auth/oidc/start');
    const landed = await loginAtProvider(start.body.data.authorization_url, account());
    const callback = await fetch(landed, { redirect: 'manual' });
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe(`/login?sso_error=${encodeURIComponent(SSO_MESSAGES.otherBrowser)}`);
    expect(cookieFrom(callback.headers, SESSION_COOKIE)).toBeUndefined();
  });

  it('the provider saying access_denied comes back as the message on the login page', async () => {
    const res = await fetch(`${hub.url}/api/auth/oidc/callback?error=access_denied&state=x`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/login?sso_error=${encodeURIComponent(SSO_MESSAGES.denied)}`);
  });
});

describe('desktop sign-in: loopback redirect, then POST /auth/oidc/complete', () => {
  it('links to the existing user with the same email, whatever its case', async () => {
    const existing = await createUser(hub.db, { email: `Elena.${unique()}@Bitstone.test` });
    const login = account({ email: existing.email?.toUpperCase(), name: 'Elena From IdP' });
    const before = Number((await hub.db.select({ n: sql<number>`count(*)` }).from(users))[0].n);
    const res = await hub.post('/api/auth/oidc/complete', await desktopCode(login));
    expect(res.status).toBe(200);
    expect(res.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.data.user).toMatchObject({ id: existing.id, username: existing.username });
    expect(Number((await hub.db.select({ n: sql<number>`count(*)` }).from(users))[0].n)).toBe(before);
    const me = await hub.get('/api/auth/me', { token: res.body.data.access_token });
    expect(me.body.data.user.id).toBe(existing.id);
  });

  it('a replayed state (the same code and state twice) is refused', async () => {
    const code = await desktopCode(account());
    expect((await hub.post('/api/auth/oidc/complete', code)).status).toBe(200);
    const again = await hub.post('/api/auth/oidc/complete', code);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ message: SSO_MESSAGES.unknownState, field: 'state' }]);
  });

  it('a state the hub never issued is refused', async () => {
    const { code } = await desktopCode(account());
    const res = await hub.post('/api/auth/oidc/complete', { code, state: 'made-up-state' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(SSO_MESSAGES.unknownState);
  });

  it('an expired code is refused by the provider: 401 with a clear message', async () => {
    provider.codeTtlSeconds = 1;
    try {
      const code = await desktopCode(account());
      await new Promise((r) => setTimeout(r, 2500));
      const res = await hub.post('/api/auth/oidc/complete', code);
      expect(res.status).toBe(401);
      expect(res.body.errors).toEqual([{ message: SSO_MESSAGES.providerRefused }]);
    } finally {
      provider.codeTtlSeconds = 60;
    }
  });

  it('a sign-in older than the flow expiry is refused: 400', async () => {
    const code = await desktopCode(account());
    await hub.db.update(oidcFlows).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oidcFlows.state, code.state));
    const res = await hub.post('/api/auth/oidc/complete', code);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(SSO_MESSAGES.expiredState);
  });

  it('an ID token whose nonce is not this sign-in\'s is refused: 401', async () => {
    const code = await desktopCode(account());
    await hub.db.update(oidcFlows).set({ nonce: 'another-sign-in' }).where(eq(oidcFlows.state, code.state));
    const res = await hub.post('/api/auth/oidc/complete', code);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].message).toBe(SSO_MESSAGES.badIdToken);
  });

  it('an archived user is refused and no session is made', async () => {
    const archived = await createUser(hub.db, { status: 'deleted' }); // archived (DELETE /user/:id)
    const res = await hub.post('/api/auth/oidc/complete', await desktopCode(account({ email: archived.email ?? undefined })));
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(SSO_MESSAGES.archived);
    const events = await hub.db.select().from(loginEvents).where(and(eq(loginEvents.userId, archived.id), eq(loginEvents.success, true)));
    expect(events).toEqual([]);
  });

  it('an email the provider has not verified does not link to anyone', async () => {
    const someone = await createUser(hub.db, {});
    const res = await hub.post('/api/auth/oidc/complete', await desktopCode(account({ email: someone.email ?? undefined, emailVerified: false })));
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(SSO_MESSAGES.emailUnverified);
  });

  it('a redirect address that is neither the hub\'s callback nor loopback is refused: 400 on redirect_uri', async () => {
    const res = await hub.post('/api/auth/oidc/start', { redirect_uri: 'https://evil.example/callback' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: SSO_MESSAGES.redirectUri, field: 'redirect_uri' }]);
  });

  it('missing code or state: 400 per field', async () => {
    const res = await hub.post('/api/auth/oidc/complete', {});
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['code', 'state']);
  });
});
