import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timelineQuerySchema, timelineResponseSchema } from '../../../shared/api/timeline';
import { timelineItems } from './plans-timeline';

// objective-tracking §2 Timeline (our path, design §4 leaves it to us): GET /timeline.
export const timelineRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/timeline', { schema: { tags: ['plans'], querystring: timelineQuerySchema, response: { 200: timelineResponseSchema } } }, async (request) => ({
    data: await timelineItems(api.db, request.actor, request.query),
  }));
};
