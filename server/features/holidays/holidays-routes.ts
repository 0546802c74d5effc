import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allDaysLeftResponseSchema,
  allHolidaysResponseSchema,
  holidaysQuerySchema,
  myDaysLeftResponseSchema,
  publicHolidaysParamsSchema,
  publicHolidaysResponseSchema,
} from '../../../shared/api/holidays';
import { outOnQuerySchema, outOnResponseSchema, whosOutResponseSchema } from '../../../shared/api/whos-out';
import { eventsInRange, myDaysLeft, visibleDaysLeft } from './holidays';
import { publicHolidays } from './public-holidays';
import { isPersonOutOn, whosOut } from './whos-out';

// people-and-shell §2 Holidays, §7 answer shapes, design §4 paths.
export const holidaysRoutes: FastifyPluginAsyncZod = async (api) => {
  // Every signed-in user sees the company calendar; the screen filters it by team (spec §2).
  api.get('/holidays', { schema: { tags: ['holidays'], querystring: holidaysQuerySchema, response: { 200: allHolidaysResponseSchema } } }, async (request) => ({
    data: { allHolidays: await eventsInRange(api.db, request.query.from, request.query.to) },
  }));

  api.get('/holidays/days-left', { schema: { tags: ['holidays'], response: { 200: myDaysLeftResponseSchema } } }, async (request) => ({
    data: await myDaysLeft(api.db, request.actor),
  }));

  // spec §6: filtered on the hub to the records this viewer may see; never a 403, since one's own record is always allowed.
  api.get('/holidays/days-left/all', { schema: { tags: ['holidays'], response: { 200: allDaysLeftResponseSchema } } }, async (request) => ({
    data: { holidays: await visibleDaysLeft(api.db, request.actor) },
  }));

  // the dashboard's 'Who's out' card, for the viewer's own teams
  api.get('/holidays/whos-out', { schema: { tags: ['holidays'], response: { 200: whosOutResponseSchema } } }, async (request) => ({
    data: await whosOut(api.db, request.actor),
  }));

  // the objective dialog's warning; whether someone is off is the calendar's, which everyone sees (never the kind)
  api.get('/holidays/out-on', { schema: { tags: ['holidays'], querystring: outOnQuerySchema, response: { 200: outOnResponseSchema } } }, async (request) => ({
    data: { out: await isPersonOutOn(api.db, request.query.userId, request.query.date) },
  }));

  api.get(
    '/public-holidays/:year/:country',
    { schema: { tags: ['holidays'], params: publicHolidaysParamsSchema, response: { 200: publicHolidaysResponseSchema } } },
    async (request) => ({ data: publicHolidays(request.params.year) }),
  );
};
