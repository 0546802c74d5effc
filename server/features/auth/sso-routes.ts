import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ldapLoginBodySchema,
  oidcCallbackQuerySchema,
  oidcCompleteBodySchema,
  oidcStartBodySchema,
  oidcStartResponseSchema,
  ssoAdminBodySchema,
  ssoAdminResponseSchema,
  ssoLoginResponseSchema,
  ssoMethodsResponseSchema,
  SSO_MESSAGES,
} from '../../../shared/api/sso';
import { isHttpError } from '../../http-errors';
import { setSessionCookie } from '../../plugins/auth';
import { requireAdmin } from '../../plugins/admin-guard';
import { signInWithLdap } from './sso/ldap';
import { localPasswordsEnabled, setLocalPasswords, ssoAdminView } from './sso/local-passwords';
import { completeOidc, startOidc } from './sso/oidc';
import { sessionOriginOf } from './session-origin';

// Single sign-on. The sign-in routes are public (plugins/auth.ts PUBLIC_ROUTES);
// the settings route is for admins.

/** Binds a browser sign-in to the browser that started it (login CSRF): read back on the callback. */
const STATE_COOKIE = 'hub_oidc_state';
const CALLBACK_PATH = '/api/auth/oidc/callback';

const ownCallback = (request: FastifyRequest) => `${request.protocol}://${request.host}${CALLBACK_PATH}`;

/** Where the browser lands after the provider: the login page finishes or shows the message. */
function backToLogin(reply: FastifyReply, outcome: { error: string } | { done: true }) {
  const query = 'error' in outcome ? `sso_error=${encodeURIComponent(outcome.error)}` : 'sso=done';
  return reply.header('cache-control', 'no-store').redirect(`/login?${query}`, 303);
}

export const ssoRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/auth/sso', { schema: { tags: ['auth'], response: { 200: ssoMethodsResponseSchema } } }, async () => ({
    data: {
      oidc: api.sso.oidc ? { providerName: api.sso.oidc.providerName } : null,
      ldap: api.sso.ldap ? { label: api.sso.ldap.label } : null,
      localPasswords: await localPasswordsEnabled(api.db),
    },
  }));

  api.post('/auth/oidc/start', { schema: { tags: ['auth'], body: oidcStartBodySchema.optional(), response: { 200: oidcStartResponseSchema } } }, async (request, reply) => {
    const requested = request.body?.redirectUri;
    const { authorizationUrl, state } = await startOidc(api.db, api.sso, { redirectUri: requested, ownCallback: ownCallback(request) });
    if (requested === undefined) {
      // SameSite=Lax: the provider's redirect back is a top-level navigation from another site
      reply.setCookie(STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/api/auth/oidc', maxAge: Math.floor(api.sso.flowTtlMs / 1000) });
    }
    return { data: { authorizationUrl } };
  });

  api.get('/auth/oidc/callback', { schema: { tags: ['auth'], querystring: oidcCallbackQuerySchema } }, async (request, reply) => {
    const { code, state, error, iss } = request.query;
    const started = request.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, { path: '/api/auth/oidc' });
    if (error) return backToLogin(reply, { error: error === 'access_denied' ? SSO_MESSAGES.denied : SSO_MESSAGES.providerRefused });
    if (!code || !state) return backToLogin(reply, { error: SSO_MESSAGES.unknownState });
    if (started !== state) return backToLogin(reply, { error: SSO_MESSAGES.otherBrowser });
    try {
      const result = await completeOidc(api.db, api.sso, { code, state, iss, address: request.ip, origin: sessionOriginOf(request) });
      setSessionCookie(request, reply, result.accessToken);
      return backToLogin(reply, { done: true });
    } catch (failure) {
      if (!isHttpError(failure)) throw failure;
      return backToLogin(reply, { error: failure.errors[0]?.message ?? SSO_MESSAGES.providerRefused });
    }
  });

  // The desktop app: main caught the code on its loopback listener and hands it over here.
  api.post('/auth/oidc/complete', { schema: { tags: ['auth'], body: oidcCompleteBodySchema, response: { 200: ssoLoginResponseSchema } } }, async (request) => ({
    data: await completeOidc(api.db, api.sso, { ...request.body, address: request.ip, origin: sessionOriginOf(request) }),
  }));

  api.post('/auth/ldap', { schema: { tags: ['auth'], body: ldapLoginBodySchema, response: { 200: ssoLoginResponseSchema } } }, async (request, reply) => {
    const result = await signInWithLdap(api.db, api.sso, request.body, sessionOriginOf(request));
    // the web build signs in with the cookie; desktop clients use access_token as a bearer
    setSessionCookie(request, reply, result.accessToken);
    return { data: result };
  });

  api.get('/admin/sso', { schema: { tags: ['admin'], response: { 200: ssoAdminResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: await ssoAdminView(api.db, api.sso) };
  });

  api.put('/admin/sso', { schema: { tags: ['admin'], body: ssoAdminBodySchema, response: { 200: ssoAdminResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: await setLocalPasswords(api.db, api.sso, request.actor.id, request.body.localPasswordsEnabled) };
  });
};
