import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportsQuerySchema, reportsResponseSchema } from '../../../shared/api/timetracking';
import { reportForOffset } from './timetracking';

// people-and-shell §2/§7: the monthly time-tracking report. Everyone reads their own report;
// nobody reads another's through this call (the spec names no such view).
export const timetrackingRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/timetracking/reports',
    { schema: { tags: ['timetracking'], querystring: reportsQuerySchema, response: { 200: reportsResponseSchema } } },
    async (request) => ({ data: await reportForOffset(api.db, request.actor.id, request.query.months) }),
  );
};
