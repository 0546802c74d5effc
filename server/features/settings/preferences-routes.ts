import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesBodySchema, preferencesResponseSchema } from '../../../shared/api/preferences';
import { preferencesOf, savePreferences } from './preferences';

// Themes: one's own display preferences (request.actor); there is no way to ask for
// someone else's.
export const preferencesRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['preferences'];

  api.get('/preferences', { schema: { tags, response: { 200: preferencesResponseSchema } } }, async (request) => ({
    data: await preferencesOf(api.db, request.actor),
  }));

  api.put('/preferences', { schema: { tags, body: preferencesBodySchema, response: { 200: preferencesResponseSchema } } }, async (request) => ({
    data: await savePreferences(api.db, request.actor, request.body),
  }));
};
