import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

// One line per request at info level, when it is answered ('request completed': method,
// url, status, time taken), like an access log. Fastify's own pair of lines per request cost
// ~30-50 µs of the hub's ~330 µs CPU on its lightest route (one objective; /proc CPU time over
// 10,000 requests, alternating runs). The arrival line stays, at debug level: LOG_LEVEL=debug
// shows what a hub is working on (the SIGTERM test reads it), and at info it costs a no-op call.
//
// What `req`, `res` and `err` become in a line is server/log-fields.ts (the route
// pattern, never the URL; an error's kind, never its text). Fastify's own lines below would
// otherwise put the raw URL or an error's text in the message itself.

/** Fastify's request log lines, as the hub writes them (the app's `logController`). */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ req: request }, 'route not found');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, 'request failed');
    else reply.log.info({ res: reply, err: error }, 'request refused');
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ req: request, res: reply, err: error }, 'response headers could not be written');
  }
}

/**
 * Every answer names its request's log lines (`reqId`). The log holds nothing the request
 * carried (SECURITY.md 'Logging'), so this id is how a failure someone reports, or a test's request, is found.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy's id must look like to be taken (nginx's $request_id is 32 hex digits). Anything
 * else is not a proxy's id: a line break could forge a log line, and a longer text could be a
 * value someone meant to get into the log.
 */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Behind a proxy (HUB_TRUST_PROXY=1) a request keeps the id the proxy gave it in
 * X-Request-Id, so nginx's access log line and the hub's lines of one request share it. Otherwise,
 * or when the proxy sent none fit to log, a random one: unique across hubs and restarts, unlike
 * Fastify's counter. The app's `genReqId`.
 */
export function requestIdOf(trustProxy: boolean): (raw: IncomingMessage) => string {
  return (raw) => {
    const given = trustProxy ? raw.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && PROXY_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/** On the raw response, so an answer Fastify does not write (a hijacked event stream) carries it too. */
export function sendRequestId(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
}

export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    sendRequestId(request, reply);
    done();
  });
}
