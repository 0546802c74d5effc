import type { FastifyPluginAsync } from 'fastify';
import { adminUsersRoutes } from './admin-users-routes';
import { jobsRoutes } from './jobs-routes';
import { rolesRoutes } from './roles-routes';
import { teamsAdminRoutes } from './teams-routes';

// The admin area's own routes (teams, jobs, roles, users) behind one register line in app.ts; the
// dashboard's links, the audit log and personal data have their own features.
export const adminRoutes: FastifyPluginAsync = async (api) => {
  await api.register(teamsAdminRoutes);
  await api.register(jobsRoutes);
  await api.register(rolesRoutes);
  await api.register(adminUsersRoutes);
};
