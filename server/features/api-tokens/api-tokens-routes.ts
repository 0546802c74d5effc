import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminApiTokensResponseSchema, apiTokenCreatedResponseSchema, apiTokenCreateSchema, apiTokenIdParamsSchema, apiTokenRevokedResponseSchema,
  apiTokensResponseSchema,
} from '../../../shared/api/api-tokens';
import { requireAdmin } from '../../plugins/admin-guard';
import { createApiToken, listAllApiTokens, listOwnApiTokens, revokeApiToken } from './api-tokens-service';

// Settings → API tokens and Admin → API tokens (docs/api.md 'API tokens'). Signed-in sessions only:
// the auth hook refuses every one of these routes to a token (token-reach.ts).
export const apiTokensRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/me/tokens', { schema: { tags: ['api-tokens'], response: { 200: apiTokensResponseSchema } } }, async (request) => ({
    data: { items: await listOwnApiTokens(api.db, request.actor.id) },
  }));

  api.post('/me/tokens', { schema: { tags: ['api-tokens'], body: apiTokenCreateSchema, response: { 200: apiTokenCreatedResponseSchema } } }, async (request, reply) => {
    const created = await createApiToken(api.db, request.actor, request.body);
    // the one answer that holds the token: no cache or proxy may keep it
    reply.header('cache-control', 'no-store');
    return { data: created };
  });

  api.delete('/me/tokens/:id', { schema: { tags: ['api-tokens'], params: apiTokenIdParamsSchema, body: z.object({}).optional(), response: { 200: apiTokenRevokedResponseSchema } } }, async (request) => {
    await revokeApiToken(api.db, request.actor.id, request.params.id, request.actor.id);
    return { data: { revoked: 1 } };
  });

  api.get('/admin/tokens', { schema: { tags: ['api-tokens'], response: { 200: adminApiTokensResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: { items: await listAllApiTokens(api.db) } };
  });

  api.delete('/admin/tokens/:id', { schema: { tags: ['api-tokens'], params: apiTokenIdParamsSchema, body: z.object({}).optional(), response: { 200: apiTokenRevokedResponseSchema } } }, async (request) => {
    requireAdmin(request);
    await revokeApiToken(api.db, request.actor.id, request.params.id);
    return { data: { revoked: 1 } };
  });
};
