import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamListQuerySchema, teamListResponseSchema } from '../../../shared/api/people';
import { teamList } from './people-directory';

// GET /team: the teams for the directory filter and the member dialog. Kept in its own
// file so the admin feature can grow the /team CRUD of design §4 here.
export const teamsListRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/team', { schema: { tags: ['teams'], querystring: teamListQuerySchema, response: { 200: teamListResponseSchema } } }, async (request) => ({
    data: { teams: await teamList(api.db, request.query.all) },
  }));
};
