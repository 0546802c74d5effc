import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '../../../shared/api/admin';
import { erasureResponseSchema } from '../../../shared/api/personal-data-erasure';
import { erasePersonalData } from './personal-data-erasure';
import { adminOnly } from '../../plugins/admin-guard';

// Admin → Users → Erase personal data of an archived person (the admin rule of every
// admin call: view-admin, not the barred role).
export const personalDataErasureRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', adminOnly);

  api.delete('/admin/users/:id/personal-data', { schema: { tags: ['admin'], params: adminIdParamsSchema, response: { 200: erasureResponseSchema } } }, async (request) => ({
    data: await erasePersonalData(api.db, request.actor.id, request.params.id),
  }));
};
