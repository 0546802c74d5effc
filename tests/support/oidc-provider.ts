import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

// A real OpenID Connect provider (the `oidc-provider` package) on a loopback port
// for the SSO tests. Its own login page (devInteractions) takes any known login; consent is
// asked once per sign-in (oidc-provider always asks native clients), and the helper confirms it.

export interface OidcAccount {
  email?: string;
  emailVerified?: boolean;
  name: string;
  preferredUsername?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** seconds an authorization code lives (change it to test expired codes) */
  codeTtlSeconds: number;
  accounts: Map<string, OidcAccount>;
  stop(): Promise<void>;
}

export interface StartOidcProviderOptions {
  /** registered redirect URIs; http://127.0.0.1/callback also allows any loopback port (RFC 8252) */
  redirectUris: string[];
  accounts: Record<string, OidcAccount>;
}

export async function startOidcProvider(options: StartOidcProviderOptions): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handle: TestOidcProvider = {
    issuer,
    clientId: 'bitstone-hub',
    clientSecret: 'hub-client-secret-for-tests',
    codeTtlSeconds: 60,
    accounts: new Map(Object.entries(options.accounts)),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const configuration: Configuration = {
    clients: [{
      client_id: handle.clientId,
      client_secret: handle.clientSecret,
      // native: loopback redirect URIs match on any port, as RFC 8252 §7.3 asks
      application_type: 'native',
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    pkce: { required: () => true },
    ttl: { AuthorizationCode: () => handle.codeTtlSeconds },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // the ID token carries email and name, as most company providers send them
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = handle.accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? true } : {}),
          name: account.name,
          ...(account.preferredUsername ? { preferred_username: account.preferredUsername } : {}),
        }),
      };
    },
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return handle;
}

/** Collects cookies across the provider's redirects, as a browser would. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows an authorization URL through the provider's login form as `login` and returns where the
 * provider finally redirects the browser (the redirect_uri with code, state and iss).
 */
export async function loginAtProvider(authorizationUrl: string, login: string, password = 'any'): Promise<URL> {
  const jar = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(response);
    init = {};
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', url);
      if (next.origin !== origin) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    // the login form, then (native clients are always asked) the consent form
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(html.indexOf('<body'), html.indexOf('<body') + 1500)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt === 'login' ? { prompt, login, password } : { prompt }).toString(),
    };
  }
  throw new Error('the provider redirected too often');
}
