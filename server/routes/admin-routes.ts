import type { FastifyPluginAsync } from 'fastify';
import { adminUsersRoutes } from './admin-users';
import { auditRoutes } from './audit';
import { jobsRoutes } from './jobs';
import { linksRoutes } from './links';
import { personalDataErasureRoutes } from './personal-data-erasure';
import { rolesRoutes } from './roles';
import { retentionRoutes } from './retention';
import { teamsAdminRoutes } from './teams';

// The admin area's and the dashboard's routes behind the one register line in app.ts.
export const adminRoutes: FastifyPluginAsync = async (api) => {
  await api.register(teamsAdminRoutes);
  await api.register(jobsRoutes);
  await api.register(rolesRoutes);
  await api.register(linksRoutes);
  await api.register(adminUsersRoutes);
  await api.register(personalDataErasureRoutes);
  await api.register(auditRoutes);
  await api.register(retentionRoutes);
};
