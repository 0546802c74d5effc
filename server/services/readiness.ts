import type { FastifyInstance } from 'fastify';

// issue 23: a hub being stopped says so before it stops listening, and tells every keep-alive
// client (nginx's upstream pool above all) to drop its connection after the current answer.

export class Readiness {
  private isDraining = false;

  get draining(): boolean {
    return this.isDraining;
  }

  startDraining(): void {
    this.isDraining = true;
  }
}

/**
 * While draining, every answer closes its connection. Node keeps a connection whose request was
 * in flight at server.close() open for keepAliveTimeout after the answer (72 s under Fastify),
 * and close() waits for it; a proxy would meanwhile reuse it for a request the hub then refuses.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (readiness.draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  });
}
