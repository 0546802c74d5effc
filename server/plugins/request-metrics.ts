import type { FastifyInstance } from 'fastify';
import type { HubMetrics } from '../metrics/hub-metrics';

/**
 * Each answered request counted by method, route pattern (routeOptions.url, as the log
 * names it: never the path, which can carry ids and names) and status, with the time it took.
 */
export function measureRequests(app: FastifyInstance, metrics: HubMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered({ method: request.method, route: request.routeOptions.url, status: reply.statusCode, seconds: reply.elapsedTime / 1000 });
    done();
  });
}
