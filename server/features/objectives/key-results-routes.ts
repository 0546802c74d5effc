import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/api/common';
import { keyResultCreateSchema, keyResultRemovedResponseSchema, keyResultResponseSchema, keyResultUpdateSchema } from '../../../shared/api/key-results';
import { changeKeyResult, createKeyResult, deleteKeyResult, getKeyResult } from './key-results';

// objective-tracking §7: POST /objective/{objectiveEntityId} (new key result) and GET/PUT/DELETE /key-result.
export const keyResultRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['key results'];

  api.post(
    '/objective/:id',
    { schema: { tags, params: idParamSchema, body: keyResultCreateSchema, response: { 200: keyResultResponseSchema } } },
    async (request) => ({ data: await createKeyResult(api.db, request.actor, request.params.id, request.body) }),
  );

  api.get('/key-result/:id', { schema: { tags, params: idParamSchema, response: { 200: keyResultResponseSchema } } }, async (request) => ({
    data: await getKeyResult(api.db, request.actor, request.params.id),
  }));

  api.put(
    '/key-result/:id',
    { schema: { tags, params: idParamSchema, body: keyResultUpdateSchema, response: { 200: keyResultResponseSchema } } },
    async (request) => ({ data: await changeKeyResult(api.db, request.actor, request.params.id, request.body) }),
  );

  api.delete(
    '/key-result/:id',
    { schema: { tags, params: idParamSchema, response: { 200: keyResultRemovedResponseSchema } } },
    async (request) => ({ data: await deleteKeyResult(api.db, request.actor, request.params.id) }),
  );
};
