import type { FastifyPluginAsync } from 'fastify';
import { teamsListRoutes } from './teams-list';
import { userExportsRoutes } from './user-exports';
import { userExtrasRoutes } from './user-extras';
import { userFilesRoutes } from './user-files';
import { usersRoutes } from './users';

// Every people route behind the one register line in app.ts.
export const peopleRoutes: FastifyPluginAsync = async (api) => {
  await api.register(usersRoutes);
  await api.register(teamsListRoutes);
  await api.register(userExtrasRoutes);
  await api.register(userFilesRoutes);
  await api.register(userExportsRoutes);
};
