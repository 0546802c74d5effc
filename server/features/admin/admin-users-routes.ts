import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema, adminUsersQuerySchema, adminUsersResponseSchema, userRoleBodySchema, userRoleResponseSchema } from '../../../shared/api/admin';
import { passwordResetResponseSchema } from '../../../shared/api/passwords';
import { listAdminUsers, setUserRole } from './admin-users';
import { resetPassword } from '../auth';
import { requireAdmin } from '../../plugins/admin-guard';

// The admin Users table (spec §2): GET /user is the directory's (no phone, email or access), so
// the admin table has its own paged, searched list.
export const adminUsersRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', async (request) => requireAdmin(request));

  api.get('/admin/users', { schema: { tags: ['admin'], querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } } }, async (request) => {
    const { items, total } = await listAdminUsers(api.db, request.query);
    return { data: { items, total, page: request.query.page, limit: request.query.limit } };
  });

  api.put('/admin/users/:id/role', { schema: { tags: ['admin'], params: adminIdParamsSchema, body: userRoleBodySchema, response: { 200: userRoleResponseSchema } } }, async (request) => ({
    data: { user: await setUserRole(api.db, request.actor, request.params.id, request.body.roleId) },
  }));

  // a one-time password, shown once; the answer must not be kept by any cache
  api.post('/admin/users/:id/password-reset', { schema: { tags: ['admin'], params: adminIdParamsSchema, response: { 200: passwordResetResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await resetPassword(api.db, api.sso, request.actor.id, request.params.id) };
  });
};
