import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { version } from '../../../package.json';
import { HEALTH_MESSAGES, healthResponseSchema, READY_MESSAGES, readyResponseSchema } from '../../../shared/api/health';
import { HUB_API_LEVEL, MIN_APP_VERSION } from '../../../shared/rules/app-compat';
import { HttpError } from '../../http-errors';
import { checkHealth } from './health';

// Public (see plugins/auth.ts): load balancers and the desktop app's embedded-hub probe call it.
export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/health', { schema: { tags: ['hub'], response: { 200: healthResponseSchema } } }, async (request) => {
    const report = await checkHealth(api.database);
    if (!report.ok) {
      request.log.warn({ reason: report.reason }, 'health check failed');
      throw new HttpError(503, [{ message: report.reason === 'database' ? HEALTH_MESSAGES.databaseDown : HEALTH_MESSAGES.migrationsPending }]);
    }
    // the desktop app reads these at connect (electron/hub-compat.ts) and in its About box
    return { data: { status: 'ok' as const, database: report.database, migrations: report.migrations, version, apiLevel: HUB_API_LEVEL, minAppVersion: MIN_APP_VERSION } };
  });

  // readiness, for load balancers and rolling restarts. /health above stays the liveness
  // check (a draining hub is alive and finishing its requests); this one fails from SIGTERM on.
  api.get('/health/ready', { schema: { tags: ['hub'], response: { 200: readyResponseSchema } } }, async () => {
    if (api.readiness.draining) throw new HttpError(503, [{ message: READY_MESSAGES.draining }]);
    const report = await checkHealth(api.database);
    if (!report.ok) throw new HttpError(503, [{ message: report.reason === 'database' ? READY_MESSAGES.databaseDown : READY_MESSAGES.migrationsPending }]);
    return { data: { status: 'ready' as const } };
  });
};
