import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBodySchema, passwordChangedResponseSchema, passwordStatusResponseSchema } from '../../../shared/api/passwords';
import { currentSession } from '../../plugins/auth';
import { canChangeOwnPassword, changeOwnPassword } from './password-change';

// Settings → Password (and the sign-in stepper's first step after an admin's reset).
export const passwordRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/auth/password', { schema: { tags: ['auth'], response: { 200: passwordStatusResponseSchema } } }, async (request) => ({
    data: { canChange: await canChangeOwnPassword(api.db, api.sso, request.actor.id) },
  }));

  api.post('/auth/password', { schema: { tags: ['auth'], body: changePasswordBodySchema, response: { 200: passwordChangedResponseSchema } } }, async (request) => {
    const caller = { userId: request.actor.id, sessionId: currentSession(request), address: request.ip };
    const { sessionsEnded } = await changeOwnPassword(api.db, api.sso, caller, request.body);
    return { data: { changed: true as const, sessionsEnded } };
  });
};
