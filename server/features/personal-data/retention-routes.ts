import { hostname } from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { retentionBodySchema, retentionRunResponseSchema, retentionRunsResponseSchema, retentionSettingsResponseSchema } from '../../../shared/api/retention';
import { recordAudit } from '../audit';
import { lastRetentionRuns, runRetention } from './retention/job';
import { RETENTION_KEY, retentionPeriods, saveRetentionPeriods } from './retention/settings';
import { requireAdmin } from '../../plugins/admin-guard';

// Admin → Retention: the periods (read, change: audited), what the job's last runs
// removed, and Run now (a shortened period applied at once rather than at the next daily run).
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

  // Two runs at once are harmless (a row is deleted, and counted, by one of them; a reminder is
  // claimed by one), so Run now takes no lease: the daily job's lease is there so that several
  // hubs do not each run it every day.
  api.post('/admin/retention/runs', { schema: { tags, response: { 200: retentionRunResponseSchema } } }, async (request) => {
    const { localAddress = '', localPort } = request.socket;
    const hub = `${hostname()} http://${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
    const run = await runRetention(api.db, new Date(), { hub });
    await recordAudit(api.db, request.actor.id, { entity: 'setting', entityId: RETENTION_KEY, action: 'run', after: { run: run.id, removed: run.removed, reminded: run.reminded } });
    return { data: { run } };
  });
};
