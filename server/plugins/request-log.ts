import type { FastifyInstance } from 'fastify';

// issue 10: one line per request at info level, when it is answered ('request completed': method,
// url, status, time taken), like an access log. Fastify's own pair of lines per request cost
// ~30-50 µs of the hub's ~330 µs CPU on its lightest route (one objective; /proc CPU time over
// 10,000 requests, alternating runs). The arrival line stays, at debug level: LOG_LEVEL=debug
// shows what a hub is working on (the SIGTERM test reads it), and at info it costs a no-op call.

/** Replaces Fastify's request logging (the app is built with disableRequestLogging). */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.debug({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
