import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, type IpcDeps } from '../../electron/ipc/register';
import { trustedSender, type IpcSenderEvent } from '../../electron/ipc/sender';
import { createDesktopSso, TIMED_OUT_MESSAGE } from '../../electron/sso';
import { memoryTokenStore } from '../../electron/token-store';
import { NO_SSO, type SsoConfig } from '../../server/features/auth/sso/config';
import { SSO_MESSAGES } from '../../shared/api/sso';
import { LOGIN_MESSAGES } from '../../shared/rules/messages';
import type { HubSettings } from '../../shared/ipc';
import { startTestHub, type TestHub } from '../support/hub';
import { loginAtProvider, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { containsToken } from './support/deep';

// The desktop app's single sign-on (RFC 8252): main opens the system browser, catches the
// code on a loopback listener and completes the sign-in with the hub, keeping the token. Electron
// is mocked; shell.openExternal is "the browser" and drives the real provider's login pages.

vi.mock('electron', () => ({}));

const APP_URL = 'file:///opt/Bitstone%20Hub/resources/app.asar/dist/renderer/index.html';
const appFrame: IpcSenderEvent = { senderFrame: { url: `${APP_URL}#/login` } };
const settings: HubSettings = { hubUrl: null, activeUrl: null, embeddedStatus: 'running', tokenPersistence: 'memory' };

let provider: TestOidcProvider;
let hub: TestHub;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: ['http://127.0.0.1/callback'], accounts: {} });
  const sso: SsoConfig = {
    ...NO_SSO,
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, providerName: 'Bitstone ID', redirectUris: [], allowLoopback: true, scopes: 'openid email profile' },
  };
  // no demo company: a first SSO sign-in needs none, and main's tests stay quick
  hub = await startTestHub({ seed: 'none', sso });
}, 120_000);
afterAll(async () => {
  await hub?.close();
  await provider?.stop();
});

function account(name: string) {
  const id = `desk-${randomBytes(4).toString('hex')}`;
  provider.accounts.set(id, { email: `${id}@company.test`, name });
  return id;
}

/** The "system browser": signs in at the provider and follows its redirect to main's listener. */
const browserSigningIn = (login: string, seen: string[] = []) =>
  vi.fn(async (url: string) => {
    seen.push(url);
    // like a browser, the tab loads on its own: openExternal returns before the sign-in ends
    void (async () => {
      const landed = await loginAtProvider(url, login);
      seen.push(landed.toString());
      await fetch(landed);
    })();
  });

function setup(openExternal: (url: string) => Promise<void>, timeoutMs?: number) {
  const tokens = memoryTokenStore();
  const resolveTarget = async () => ({ key: 'embedded', url: hub.url });
  const client = new HubClient({ fetch, resolveTarget, tokens });
  const deps: IpcDeps = {
    hub: client,
    connection: { settings: () => settings, setHubUrl: vi.fn(async () => settings) },
    saveFile: vi.fn(async () => ({ status: 'cancelled' as const })),
    openExternal: vi.fn(async () => {}),
    isTrustedSender: trustedSender(APP_URL),
    sso: createDesktopSso({ hub: client, tokens, resolveTarget, openExternal, timeoutMs }),
  };
  return { tokens, client, handlers: createIpcHandlers(deps) };
}

describe('session:sso-oidc (system browser + loopback listener)', () => {
  it('signs in through the provider: the token stays in main, the renderer gets the user only', async () => {
    const seen: string[] = [];
    const login = account('Desktop Person');
    const { tokens, client, handlers } = setup(browserSigningIn(login, seen));
    const result = await handlers['session:sso-oidc'](appFrame, undefined);
    expect(result).toMatchObject({ ok: true, data: { signedIn: true, firstLogin: true, user: { name: 'Desktop Person', email: `${login}@company.test` } } });
    const token = tokens.get('embedded');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(containsToken(result, token ?? '')).toBe(false);

    // the browser went to the provider with PKCE, and came back to 127.0.0.1 on a random port
    const authorizationUrl = new URL(seen[0]);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(new URL(seen[1]).searchParams.get('code')).toBeTruthy();

    // main's requests now carry the token
    const me = await client.request<{ user: { email: string } }>({ method: 'GET', path: '/auth/me' });
    expect(me.user.email).toBe(`${login}@company.test`);
  });

  it('the listener is gone after the one callback', async () => {
    const seen: string[] = [];
    const { handlers } = setup(browserSigningIn(account('Once Only'), seen));
    expect((await handlers['session:sso-oidc'](appFrame, undefined)).ok).toBe(true);
    const callback = seen[1];
    await expect(fetch(callback)).rejects.toThrow();
  });

  it('a request to the listener with another state is not this sign-in: 400, no token', async () => {
    const { tokens, handlers } = setup(async (url) => {
      const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
      void fetch(`${redirect}?code=stolen-code&state=someone-elses-state`);
    });
    const result = await handlers['session:sso-oidc'](appFrame, undefined);
    expect(result).toEqual({ ok: false, error: { status: 400, serverError: false, errors: [{ message: SSO_MESSAGES.unknownState }] } });
    expect(tokens.get('embedded')).toBeNull();
  });

  it('cancelled at the provider (access_denied): 401 with the message', async () => {
    const { handlers } = setup(async (url) => {
      const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
      void fetch(`${redirect}?error=access_denied&state=${new URL(url).searchParams.get('state')}`);
    });
    const result = await handlers['session:sso-oidc'](appFrame, undefined);
    expect(result).toMatchObject({ ok: false, error: { status: 401, errors: [{ message: SSO_MESSAGES.denied }] } });
  });

  it('a browser sign-in never finished times out with a clear message', async () => {
    const { handlers } = setup(async () => {}, 300);
    const result = await handlers['session:sso-oidc'](appFrame, undefined);
    expect(result).toMatchObject({ ok: false, error: { status: 408, errors: [{ message: TIMED_OUT_MESSAGE }] } });
  });

  it('refuses a window that is not the app', async () => {
    const { handlers } = setup(browserSigningIn(account('Nope')));
    const result = await handlers['session:sso-oidc']({ senderFrame: { url: 'https://evil.example/' } }, undefined);
    expect(result).toMatchObject({ ok: false, error: { status: 403 } });
  });
});

describe('session:sso-ldap', () => {
  it('the hub without LDAP answers 400; nothing is stored', async () => {
    const { tokens, handlers } = setup(async () => {});
    const result = await handlers['session:sso-ldap'](appFrame, { username: 'ana', password: 'x' });
    expect(result).toMatchObject({ ok: false, error: { status: 400, errors: [{ message: SSO_MESSAGES.ldapOff }] } });
    expect(tokens.get('embedded')).toBeNull();
  });

  it('an empty password never reaches the hub as a sign-in: 400 from the hub\'s schema', async () => {
    const { handlers } = setup(async () => {});
    const result = await handlers['session:sso-ldap'](appFrame, { username: 'ana', password: '' });
    expect(result).toMatchObject({ ok: false, error: { status: 400, errors: [{ message: LOGIN_MESSAGES.password, field: 'password' }] } });
  });
});
