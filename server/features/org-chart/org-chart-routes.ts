import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgChartQuerySchema, orgChartResponseSchema } from '../../../shared/api/org-chart';
import { hasCapability } from '../../../shared/rules/permissions';
import { forbidden } from '../../http-errors';
import { orgChart } from './org-chart';

// Everyone may see the org chart; it shows only what the directory shows them
// (GET /user: active members, archived ones only with view-archived-users).
export const orgChartRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/org-chart', { schema: { tags: ['people'], querystring: orgChartQuerySchema, response: { 200: orgChartResponseSchema } } }, async (request) => {
    if (request.query.includeArchived && !hasCapability(request.actor, 'VIEW_ARCHIVED_USERS')) throw forbidden();
    return { data: { people: await orgChart(api.db, request.actor, request.query.includeArchived) } };
  });
};
