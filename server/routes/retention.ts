import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { retentionBodySchema, retentionRunsResponseSchema, retentionSettingsResponseSchema } from '../../shared/api/retention';
import { lastRetentionRuns } from '../services/retention/job';
import { retentionPeriods, saveRetentionPeriods } from '../services/retention/settings';
import { requireAdmin } from './admin-guard';

// issue 26 Admin → Retention: the periods (read, change: audited) and what the job's last runs removed.
export const retentionRoutes: FastifyPluginAsyncZod = async (api) => {
  api.addHook('onRequest', async (request) => requireAdmin(request));
  const tags = ['admin'];

  api.get('/admin/retention', { schema: { tags, response: { 200: retentionSettingsResponseSchema } } }, async () => ({
    data: { periods: await retentionPeriods(api.db) },
  }));

  api.put('/admin/retention', { schema: { tags, body: retentionBodySchema, response: { 200: retentionSettingsResponseSchema } } }, async (request) => ({
    data: { periods: await saveRetentionPeriods(api.db, request.actor.id, request.body) },
  }));

  api.get('/admin/retention/runs', { schema: { tags, response: { 200: retentionRunsResponseSchema } } }, async () => ({
    data: { runs: await lastRetentionRuns(api.db) },
  }));
};
