import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIdParamsSchema,
  deletedResponseSchema,
  nameTakenQuerySchema,
  nameTakenResponseSchema,
  teamBodySchema,
  teamSavedResponseSchema,
} from '../../../shared/api/admin';
import { isNameTaken } from './admin-names';
import { createTeam, deleteTeam, updateTeam } from './teams';
import { requireAdmin } from '../../plugins/admin-guard';

// POST /team, PUT/DELETE /team/:id (design §4). GET /team is the people feature's (teams-list.ts).
export const teamsAdminRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', async (request) => requireAdmin(request));

  api.get('/team/name-taken', { schema: { tags: ['admin'], querystring: nameTakenQuerySchema, response: { 200: nameTakenResponseSchema } } }, async (request) => ({
    data: { taken: await isNameTaken(api.db, 'team', request.query.name, request.query.except) },
  }));

  api.post('/team', { schema: { tags: ['admin'], body: teamBodySchema, response: { 200: teamSavedResponseSchema } } }, async (request) => ({
    data: { team: await createTeam(api.db, request.actor.id, request.body) },
  }));

  api.put('/team/:id', { schema: { tags: ['admin'], params: adminIdParamsSchema, body: teamBodySchema, response: { 200: teamSavedResponseSchema } } }, async (request) => ({
    data: { team: await updateTeam(api.db, request.actor.id, request.params.id, request.body) },
  }));

  api.delete('/team/:id', { schema: { tags: ['admin'], params: adminIdParamsSchema, response: { 200: deletedResponseSchema } } }, async (request) => {
    await deleteTeam(api.db, request.actor.id, request.params.id);
    return { data: { id: request.params.id } };
  });
};
