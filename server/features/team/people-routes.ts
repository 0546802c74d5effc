import type { FastifyPluginAsync } from 'fastify';
import { teamsListRoutes } from './teams-list-routes';
import { userExportsRoutes } from './user-exports-routes';
import { userExtrasRoutes } from './user-extras-routes';
import { userFilesRoutes } from './user-files-routes';
import { usersRoutes } from './users-routes';

// Every people route behind the one register line in app.ts.
export const peopleRoutes: FastifyPluginAsync = async (api) => {
  await api.register(usersRoutes);
  await api.register(teamsListRoutes);
  await api.register(userExtrasRoutes);
  await api.register(userFilesRoutes);
  await api.register(userExportsRoutes);
};
