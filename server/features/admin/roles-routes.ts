import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema, nameTakenQuerySchema, nameTakenResponseSchema } from '../../../shared/api/admin';
import { capabilitiesResponseSchema, capabilityGroups, roleBodySchema, roleListResponseSchema, roleSavedResponseSchema } from '../../../shared/api/roles';
import { isNameTaken } from './admin-names';
import { createRole, listRoles, setRoleStatus, updateRole } from './roles';
import { requireAdmin } from '../../plugins/admin-guard';

// GET/POST /role, PUT/DELETE /role/:id, PATCH /role/:id/restore, GET /capabilities (design §4).
export const rolesRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', async (request) => requireAdmin(request));

  api.get('/capabilities', { schema: { tags: ['admin'], response: { 200: capabilitiesResponseSchema } } }, async () => ({
    data: { groups: capabilityGroups() },
  }));

  api.get('/role', { schema: { tags: ['admin'], response: { 200: roleListResponseSchema } } }, async () => ({
    data: { roles: await listRoles(api.db) },
  }));

  api.get('/role/name-taken', { schema: { tags: ['admin'], querystring: nameTakenQuerySchema, response: { 200: nameTakenResponseSchema } } }, async (request) => ({
    data: { taken: await isNameTaken(api.db, 'role', request.query.name, request.query.except) },
  }));

  api.post('/role', { schema: { tags: ['admin'], body: roleBodySchema, response: { 200: roleSavedResponseSchema } } }, async (request) => ({
    data: { role: await createRole(api.db, request.actor.id, request.body) },
  }));

  api.put('/role/:id', { schema: { tags: ['admin'], params: adminIdParamsSchema, body: roleBodySchema, response: { 200: roleSavedResponseSchema } } }, async (request) => ({
    data: { role: await updateRole(api.db, request.actor.id, request.params.id, request.body) },
  }));

  api.delete('/role/:id', { schema: { tags: ['admin'], params: adminIdParamsSchema, response: { 200: roleSavedResponseSchema } } }, async (request) => ({
    data: { role: await setRoleStatus(api.db, request.actor.id, request.params.id, 'deleted') },
  }));

  api.patch('/role/:id/restore', { schema: { tags: ['admin'], params: adminIdParamsSchema, response: { 200: roleSavedResponseSchema } } }, async (request) => ({
    data: { role: await setRoleStatus(api.db, request.actor.id, request.params.id, 'active') },
  }));
};
