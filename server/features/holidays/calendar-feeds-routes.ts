import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  calendarFeedAddressResponseSchema,
  calendarFeedParamsSchema,
  calendarFeedsResponseSchema,
  calendarFileParamsSchema,
} from '../../../shared/api/calendar-feeds';
import { CALENDAR_FILE, calendarPath, webcalUrl } from '../../../shared/rules/calendar-feeds';
import { notFound, tooManyRequests } from '../../http-errors';
import { feedFile } from './calendar-feed-file';
import { issueFeedAddress, listFeeds, resolveFeedToken, turnFeedOff } from './calendar-feeds';
import { AddressMisses } from './address-misses';

// Calendar feeds (docs/api.md 'Calendar feeds'). Settings' calls act on the caller's own feeds only (request.actor).
// GET /calendar/:file is public (auth plugin PUBLIC_ROUTES: calendar apps cannot sign in); its
// secret is the credential, so every refusal is the same 404, and the request log names only the
// route pattern, never the path that holds the secret (log-fields.ts).

const NOT_FOUND = 'No such calendar.';
export const MAX_FEED_MISSES_PER_ADDRESS = 30;
const MISS_WINDOW_MS = 15 * 60 * 1000;

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const calendarFeedsRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['calendar-feeds'];
  const misses = new AddressMisses(MAX_FEED_MISSES_PER_ADDRESS, MISS_WINDOW_MS);

  api.get('/calendar-feeds', { schema: { tags, response: { 200: calendarFeedsResponseSchema } } }, async (request) => ({
    data: { feeds: await listFeeds(api.db, request.actor.id) },
  }));

  // Turns a feed on, or renews it: the old address answers 404 from now on.
  api.put('/calendar-feeds/:feed', { schema: { tags, params: calendarFeedParamsSchema, response: { 200: calendarFeedAddressResponseSchema } } }, async (request) => {
    const issued = await issueFeedAddress(api.db, request.actor.id, request.params.feed);
    if (!issued) throw notFound('This calendar feed is not offered to you.');
    const url = `${originOf(request)}${calendarPath(issued.token)}`;
    return { data: { feed: issued.feed, url, webcalUrl: webcalUrl(url) } };
  });

  api.delete('/calendar-feeds/:feed', { schema: { tags, params: calendarFeedParamsSchema, response: { 200: calendarFeedsResponseSchema } } }, async (request) => {
    await turnFeedOff(api.db, request.actor.id, request.params.feed);
    return { data: { feeds: await listFeeds(api.db, request.actor.id) } };
  });

  api.get('/calendar/:file', { schema: { tags, params: calendarFileParamsSchema } }, async (request, reply) => {
    // secrets are 256 bits, so guessing is hopeless; this only keeps a prober from costing queries
    const blockedForMs = misses.blockedForMs(request.ip);
    if (blockedForMs > 0) throw tooManyRequests('Too many unknown calendar addresses. Try again later.', blockedForMs / 1000);
    const match = CALENDAR_FILE.exec(request.params.file);
    const feed = match ? await resolveFeedToken(api.db, match[1]) : null;
    if (!feed) {
      misses.count(request.ip);
      throw notFound(NOT_FOUND);
    }
    const file = await feedFile(api.db, feed, originOf(request), request.headers['if-none-match']);
    if (!file) throw notFound(NOT_FOUND);
    reply
      .header('cache-control', 'private, no-cache')
      .header('etag', file.etag)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    if (file.body === null) return reply.code(304).send();
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="calendar.ics"').send(file.body);
  });
};
