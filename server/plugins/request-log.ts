import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// issue 10: one line per request at info level, when it is answered ('request completed': method,
// url, status, time taken), like an access log. Fastify's own pair of lines per request cost
// ~30-50 µs of the hub's ~330 µs CPU on its lightest route (one objective; /proc CPU time over
// 10,000 requests, alternating runs). The arrival line stays, at debug level: LOG_LEVEL=debug
// shows what a hub is working on (the SIGTERM test reads it), and at info it costs a no-op call.

/** Fastify's request log lines, as the hub writes them (the app's `logController`). */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
