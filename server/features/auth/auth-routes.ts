import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  capabilitiesResponseSchema,
  confirmInfoBodySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutResponseSchema,
  meResponseSchema,
} from '../../../shared/api/auth';
import { confirmInfo } from './account';
import { signIn } from './login';
import { revokeSession } from './sessions';
import { sessionOriginOf } from './session-origin';
import { assertLocalSignInAllowed } from './sso/local-passwords';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';

// Sign-in, sign-out, the signed-in user and their capabilities.
export const authRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post('/auth/login', { schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema } } }, async (request, reply) => {
    // with local passwords off only the bootstrap admin signs in here
    await assertLocalSignInAllowed(api.db, api.sso, request.body.username);
    const { expiresAt: _expiresAt, ...result } = await signIn(api.db, request.body, sessionOriginOf(request));
    // the web build signs in with the cookie; desktop clients use access_token as a bearer
    setSessionCookie(request, reply, result.accessToken);
    return { data: result };
  });

  api.post('/auth/logout', { schema: { tags: ['auth'], body: z.object({}).optional(), response: { 200: logoutResponseSchema } } }, async (request, reply) => {
    if (request.session) await revokeSession(api.db, request.session.id);
    clearSessionCookie(request, reply);
    return { data: { signedOut: true as const } };
  });

  api.get('/auth/me', { schema: { tags: ['auth'], response: { 200: meResponseSchema } } }, async (request) => ({
    data: { user: request.actor, firstLogin: request.session?.firstLogin ?? false, passwordMustChange: request.session?.passwordMustChange ?? false },
  }));

  api.post('/auth/confirm-info', { schema: { tags: ['auth'], body: confirmInfoBodySchema, response: { 200: meResponseSchema } } }, async (request) => {
    const loaded = await confirmInfo(api.db, request.actor, request.body);
    return { data: { user: loaded.user, firstLogin: loaded.firstLogin, passwordMustChange: loaded.passwordMustChange } };
  });

  api.get('/user/capabilities', { schema: { tags: ['auth'], response: { 200: capabilitiesResponseSchema } } }, async (request) => ({
    data: { capabilities: [...request.actor.capabilities] },
  }));
};
