import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberIdResponseSchema, userIdParamsSchema } from '../../../shared/api/people';
import { createSkillsSchema, extrasUpdateSchema, skillsResponseSchema } from '../../../shared/api/people-extras';
import { createSkills, listSkills, saveExtras } from './people-extras';
import { memberOr404 } from './users-routes';

// The extra-details dialog's calls (spec §2 'Extra details dialog'): PUT /user/:id/extras and the skills of its
// 'New skills' sub-dialog (GET/POST /skill, design §4).
export const userExtrasRoutes: FastifyPluginAsyncZod = async (api) => {
  api.put(
    '/user/:id/extras',
    { schema: { tags: ['people'], params: userIdParamsSchema, body: extrasUpdateSchema, response: { 200: memberIdResponseSchema } } },
    async (request) => {
      const member = await memberOr404(api.db, request.actor, request.params.id);
      await saveExtras(api.db, request.actor, member, request.body);
      return { data: { id: member.row.id } };
    },
  );

  api.get('/skill', { schema: { tags: ['skills'], response: { 200: skillsResponseSchema } } }, async () => ({
    data: { skills: await listSkills(api.db) },
  }));

  // Anyone editing personal info may name a new skill (spec §2 'New skills' sub-dialog).
  api.post('/skill', { schema: { tags: ['skills'], body: createSkillsSchema, response: { 200: skillsResponseSchema } } }, async (request) => ({
    data: { skills: await createSkills(api.db, request.body.name) },
  }));
};
