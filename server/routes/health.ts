import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_MESSAGES, healthResponseSchema } from '../../shared/api/health';
import { HttpError } from '../http-errors';
import { checkHealth } from '../services/health';

// Public (see plugins/auth.ts): load balancers and the desktop app's embedded-hub probe call it.
export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/health', { schema: { tags: ['hub'], response: { 200: healthResponseSchema } } }, async (request) => {
    const report = await checkHealth(api.database);
    if (!report.ok) {
      request.log.warn({ reason: report.reason }, 'health check failed');
      throw new HttpError(503, [{ message: report.reason === 'database' ? HEALTH_MESSAGES.databaseDown : HEALTH_MESSAGES.migrationsPending }]);
    }
    return { data: { status: 'ok' as const, database: report.database, migrations: report.migrations } };
  });
};
