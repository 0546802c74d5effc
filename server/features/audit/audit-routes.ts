import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorsResponseSchema, auditQuerySchema, auditResponseSchema } from '../../../shared/api/audit';
import { auditActors, listAudit } from './audit';
import { requireAdmin } from '../../plugins/admin-guard';

// GET /audit (design §4 admin extras): filters actor, entity, from, to; paged on the hub.
export const auditRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', async (request) => requireAdmin(request));

  api.get('/audit', { schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: auditResponseSchema } } }, async (request) => {
    const { items, total } = await listAudit(api.db, request.query);
    return { data: { items, total, page: request.query.page, limit: request.query.limit } };
  });

  api.get('/audit/actors', { schema: { tags: ['admin'], response: { 200: auditActorsResponseSchema } } }, async () => ({
    data: { items: await auditActors(api.db) },
  }));
};
