import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownSessionsResponseSchema, sessionIdParamsSchema, sessionsEndedResponseSchema } from '../../../shared/api/sessions';
import { clearSessionCookie, currentSession } from '../../plugins/auth';
import { endOtherSessions, endOwnSession, listOwnSessions } from './own-sessions';

// Settings → Sessions: the caller's own sessions only (request.actor, request.session).
export const ownSessionsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/auth/sessions', { schema: { tags: ['auth'], response: { 200: ownSessionsResponseSchema } } }, async (request) => ({
    data: { items: await listOwnSessions(api.db, request.actor.id, currentSession(request)) },
  }));

  api.delete('/auth/sessions/:id', { schema: { tags: ['auth'], params: sessionIdParamsSchema, body: z.object({}).optional(), response: { 200: sessionsEndedResponseSchema } } }, async (request, reply) => {
    await endOwnSession(api.db, request.actor.id, request.params.id);
    // signing out this very session from the list is a logout
    if (request.params.id === currentSession(request)) clearSessionCookie(request, reply);
    return { data: { ended: 1 } };
  });

  api.delete('/auth/sessions', { schema: { tags: ['auth'], body: z.object({}).optional(), response: { 200: sessionsEndedResponseSchema } } }, async (request) => ({
    data: { ended: await endOtherSessions(api.db, request.actor.id, currentSession(request)) },
  }));
};
