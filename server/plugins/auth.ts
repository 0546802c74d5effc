import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '../../shared/api/common';
import { PASSWORD_MESSAGES, SESSION_MESSAGES } from '../../shared/rules/messages';
import { API_TOKEN_MESSAGES } from '../../shared/rules/api-tokens';
import { forbidden, tooManyRequests, unauthorized } from '../http-errors';
import { SESSION_TTL_MS } from '../features/auth';
import { SessionActivity } from '../features/auth';
import { sessionOfToken } from '../features/auth';
import { ApiTokenActivity, apiTokenOf, isApiToken } from '../features/auth';
import { ApiTokenRateLimit, apiTokenRefusal } from '../features/api-tokens';
import { auditWithApiToken } from '../features/audit';

// One hook for the whole /api prefix (style.md, fastify/demo autohooks): every route needs a
// session except the public ones named here.

export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/auth/login',
  // single sign-on: what the login page offers, and the sign-ins themselves
  'GET /api/auth/sso',
  'POST /api/auth/oidc/start',
  'GET /api/auth/oidc/callback',
  'POST /api/auth/oidc/complete',
  'POST /api/auth/ldap',
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/health/ready',
  'HEAD /api/health/ready',
  'GET /api/docs',
  'HEAD /api/docs',
  // calendar apps cannot sign in; the secret in the path is the credential, checked by the route
  'GET /api/calendar/:file',
  'HEAD /api/calendar/:file',
]);

/**
 * A session opened with a one-time password (an admin's reset) may only say who it is,
 * sign out, and choose the new password; everything else answers 403 until then.
 */
export const WHILE_PASSWORD_MUST_CHANGE: ReadonlySet<string> = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'POST /api/auth/password',
]);

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Credential {
  token: string;
  via: 'bearer' | 'cookie';
}

/** The bearer header wins over the cookie: a header cannot be attached by another site. */
export function readCredential(headers: { authorization?: string }, cookies: Record<string, string | undefined>): Credential | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  if (match) return { token: match[1], via: 'bearer' };
  const cookie = cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * The CSRF rule (SECURITY.md 'Web sessions: cookie and CSRF'): a state-changing request authenticated only by the cookie must carry
 * `x-hub-request: 1`, which a cross-site form or image cannot send.
 */
export function failsCsrf(method: string, via: Credential['via'], header: string | string[] | undefined): boolean {
  return via === 'cookie' && STATE_CHANGING.has(method) && header !== '1';
}

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
  path: '/api',
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: Math.floor(SESSION_TTL_MS / 1000) });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/** The id of the session behind a guarded route's request (the hook below has set it). */
export function currentSession(request: FastifyRequest): number {
  if (!request.session) throw unauthorized();
  return request.session.id;
}

export function installAuth(api: FastifyInstance): void {
  api.decorateRequest('actor', null as never);
  api.decorateRequest('session', null);
  api.decorateRequest('apiToken', null);
  const activity = new SessionActivity();
  const apiTokens = { activity: new ApiTokenActivity(), limit: new ApiTokenRateLimit() };

  /** A personal API token (docs/api.md 'API tokens'): its person, its own rate limit, and its scope's reach. */
  const signInWithApiToken = async (request: FastifyRequest, route: string, token: string) => {
    const loaded = await apiTokenOf(api.db, api.sessionCache, token);
    if (!loaded) throw unauthorized(API_TOKEN_MESSAGES.unknown);
    const wait = apiTokens.limit.take(loaded.apiToken.id);
    if (wait !== null) throw tooManyRequests(API_TOKEN_MESSAGES.rateLimited, wait);
    request.actor = loaded.user;
    request.apiToken = loaded.apiToken;
    const recording = apiTokens.activity.seen(api.db, loaded.apiToken.id, request.ip);
    if (recording) await recording;
    const refusal = apiTokenRefusal(loaded.apiToken.scope, request.method, route);
    if (refusal) throw forbidden(refusal);
    if (loaded.passwordMustChange) throw forbidden(PASSWORD_MESSAGES.mustChange);
  };

  api.addHook('onRequest', async (request, reply) => {
    // Unknown paths answer 404 whoever asks (wire contract); the route table is public in /api/docs.
    if (request.is404) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    if (PUBLIC_ROUTES.has(route)) return;

    const credential = readCredential(request.headers, request.cookies);
    if (!credential) throw unauthorized();
    if (credential.via === 'bearer' && isApiToken(credential.token)) return signInWithApiToken(request, route, credential.token);
    if (failsCsrf(request.method, credential.via, request.headers[CSRF_HEADER])) throw forbidden(SESSION_MESSAGES.csrf);

    const loaded = await sessionOfToken(api.db, api.sessionCache, credential.token);
    if (!loaded) {
      if (credential.via === 'cookie') clearSessionCookie(request, reply);
      throw unauthorized();
    }
    request.actor = loaded.user;
    request.session = { id: loaded.sessionId, firstLogin: loaded.firstLogin, passwordMustChange: loaded.passwordMustChange, via: credential.via };
    const recording = activity.seen(api.db, loaded.sessionId, request.ip);
    if (recording) await recording;
    if (loaded.passwordMustChange && !WHILE_PASSWORD_MUST_CHANGE.has(route)) throw forbidden(PASSWORD_MESSAGES.mustChange);
  });

  // After the body is read (its stream events run outside any request's context), so the handler
  // and everything it awaits write audit rows naming the token.
  api.addHook('preHandler', (request, _reply, done) => {
    if (request.apiToken) auditWithApiToken({ id: request.apiToken.id, name: request.apiToken.name }, done);
    else done();
  });
}
