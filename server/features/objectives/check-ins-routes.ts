import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkInCreateSchema, checkInListResponseSchema, checkInParamsSchema, checkInResponseSchema } from '../../../shared/api/check-ins';
import { createCheckIn, listCheckIns } from './check-ins';

// A key result's check-in history (newest first) and a new check-in (403 when the
// objective is read-only for the caller or the work is closed).
export const checkInRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['check-ins'];

  api.get('/key-result/:id/check-ins', { schema: { tags, params: checkInParamsSchema, response: { 200: checkInListResponseSchema } } }, async (request) => ({
    data: await listCheckIns(api.db, request.actor, request.params.id),
  }));

  api.post(
    '/key-result/:id/check-ins',
    { schema: { tags, params: checkInParamsSchema, body: checkInCreateSchema, response: { 200: checkInResponseSchema } } },
    async (request) => ({ data: await createCheckIn(api.db, request.actor, request.params.id, request.body) }),
  );
};
