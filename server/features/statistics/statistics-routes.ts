import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATISTICS_MESSAGES, statisticsQuerySchema, statisticsResponseSchema } from '../../../shared/api/statistics';
import { canEnterArea } from '../../../shared/rules/permissions';
import { canFilterStatisticsByTeam } from '../../../shared/rules/statistics-access';
import { forbidden } from '../../http-errors';
import { statistics } from './statistics';

// objective-tracking §7 GET /statistics (team, job, from, to); §6: the Guest role is barred and
// the Team filter is owner-only — the hub refuses both with 403.
export const statisticsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/statistics', { schema: { tags: ['statistics'], querystring: statisticsQuerySchema, response: { 200: statisticsResponseSchema } } }, async (request) => {
    if (!canEnterArea(request.actor, 'statistics')) throw forbidden();
    if (request.query.team !== undefined && !canFilterStatisticsByTeam(request.actor)) throw forbidden(STATISTICS_MESSAGES.teamFilterOwnerOnly);
    return { data: await statistics(api.db, request.actor, request.query) };
  });
};
