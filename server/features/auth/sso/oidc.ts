import { and, eq, isNull, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import type { LoginResult } from '../../../../shared/api/auth';
import { SSO_MESSAGES } from '../../../../shared/api/sso';
import type { Db } from '../../../db/client';
import { oidcFlows } from '../sso-schema';
import { badRequest, HttpError, unauthorized } from '../../../http-errors';
import { allowedRedirectUri, type OidcConfig, type SsoConfig } from './config';
import type { SessionOrigin } from '../sessions';
import { signInExternal, type ExternalIdentity } from './sign-in';

// The hub is the OpenID Connect relying party (openid-client), authorization
// code flow with PKCE. state, nonce and code_verifier stay in oidc_flows on the hub: the browser
// or the desktop app only carries the code and the state back.

const unavailable = (message: string) => new HttpError(503, [{ message }]);

// Discovery once per issuer; a failed one is forgotten so the next sign-in tries again.
const discovered = new Map<string, Promise<client.Configuration>>();

function configurationOf(config: OidcConfig): Promise<client.Configuration> {
  const key = `${config.issuer}\n${config.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const server = new URL(config.issuer);
    // config.ts allows plain http only for a provider on this machine
    const options: client.DiscoveryRequestOptions = server.protocol === 'http:' ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 };
    const auth = config.clientSecret ? client.ClientSecretBasic(config.clientSecret) : client.None();
    found = client.discovery(server, config.clientId, config.clientSecret ? { client_secret: config.clientSecret } : undefined, auth, options);
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  return found.catch(() => {
    throw unavailable(SSO_MESSAGES.providerUnreachable);
  });
}

export function requireOidc(sso: SsoConfig): OidcConfig {
  if (!sso.oidc) throw badRequest(SSO_MESSAGES.oidcOff);
  return sso.oidc;
}

/** Begins a sign-in: the URL to send the person to, with the flow's secrets kept here. */
export async function startOidc(db: Db, sso: SsoConfig, input: { redirectUri?: string; ownCallback: string }, now = new Date()): Promise<{ authorizationUrl: string; state: string }> {
  const oidc = requireOidc(sso);
  const redirectUri = allowedRedirectUri(oidc, input.redirectUri, input.ownCallback);
  if (!redirectUri) throw badRequest(SSO_MESSAGES.redirectUri, 'redirect_uri');
  const configuration = await configurationOf(oidc);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
  // Old flows nobody finished go on the way: the table never holds more than minutes of them.
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  await db.insert(oidcFlows).values({ state, nonce, codeVerifier, redirectUri, createdAt: now, expiresAt: new Date(now.getTime() + sso.flowTtlMs) });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: oidc.scopes,
    response_type: 'code',
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: url.toString(), state };
}

/** Takes the flow once: a second use of the same state is refused (replay). */
async function takeFlow(db: Db, state: string, now: Date) {
  const [flow] = await db
    .update(oidcFlows)
    .set({ usedAt: now })
    .where(and(eq(oidcFlows.state, state), isNull(oidcFlows.usedAt)))
    .returning();
  if (!flow) throw badRequest(SSO_MESSAGES.unknownState, 'state');
  if (flow.expiresAt.getTime() <= now.getTime()) throw badRequest(SSO_MESSAGES.expiredState, 'state');
  return flow;
}

function providerError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  // the token endpoint said no: invalid_grant (expired, used or foreign code), invalid_client, ...
  if (error instanceof client.ResponseBodyError) return unauthorized(SSO_MESSAGES.providerRefused);
  if (error instanceof client.AuthorizationResponseError) return unauthorized(error.error === 'access_denied' ? SSO_MESSAGES.denied : SSO_MESSAGES.providerRefused);
  // nonce, issuer, audience or signature of the ID token did not match this sign-in
  if (error instanceof client.ClientError && !(error.cause instanceof TypeError)) return unauthorized(SSO_MESSAGES.badIdToken);
  return unavailable(SSO_MESSAGES.providerUnreachable);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Exchanges the code (with the stored verifier), checks the ID token, then signs the person in. */
export async function completeOidc(db: Db, sso: SsoConfig, input: { code: string; state: string; iss?: string; address: string; origin?: SessionOrigin }, now = new Date()): Promise<LoginResult> {
  const oidc = requireOidc(sso);
  const flow = await takeFlow(db, input.state, now);
  let identity: ExternalIdentity;
  try {
    const configuration = await configurationOf(oidc);
    const response = new URL(flow.redirectUri);
    response.searchParams.set('code', input.code);
    response.searchParams.set('state', input.state);
    if (input.iss) response.searchParams.set('iss', input.iss);
    const tokens = await client.authorizationCodeGrant(
      configuration,
      response,
      // the token request's redirect_uri is this URL without its query: the one the flow named
      { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
    );
    const claims = tokens.claims();
    if (!claims) throw unauthorized(SSO_MESSAGES.badIdToken);
    let info: Record<string, unknown> = claims;
    // Some providers put email and name only in the userinfo answer, not the ID token.
    if (!text(claims.email)) info = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    const email = text(info.email);
    if (!email) throw new HttpError(403, [{ message: SSO_MESSAGES.noEmail }]);
    // Linking by an address the provider has not verified would hand someone else's hub account over.
    if (info.email_verified === false) throw new HttpError(403, [{ message: SSO_MESSAGES.emailUnverified }]);
    identity = {
      email,
      name: text(info.name) ?? ([text(info.given_name), text(info.family_name)].filter(Boolean).join(' ') || email),
      username: text(info.preferred_username) ?? email.split('@')[0],
    };
  } catch (error) {
    throw providerError(error);
  }
  return signInExternal(db, identity, { method: 'oidc', address: input.address, defaultRole: sso.defaultRole, now, origin: input.origin });
}
