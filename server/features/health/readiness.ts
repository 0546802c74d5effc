import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { READY_MESSAGES } from '../../../shared/api/health';
import { sendRequestId } from '../../plugins/request-log';

// A hub being stopped says so before it stops listening, tells every keep-alive client
// (nginx's upstream pool above all) to drop its connection after the current answer, and stops
// listening only once the proxy has stopped sending it requests.
//
// Why the last step: closing a listening socket resets every connection the kernel has completed
// but the hub has not yet accepted. nginx has already sent its request on such a connection, so
// it cannot tell it from a request the hub ran and does not retry a POST or PATCH: the person gets
// a 502 (a rolling restart on a loaded machine met several of these per restart). nginx has no
// way to ask a hub whether it is ready; what makes it leave a hub alone is a failed attempt
// (proxy_next_upstream http_503 with max_fails=1 in deploy/nginx/bitstone-hub.conf). So once the
// drain delay is over, a hub behind a proxy answers the requests nginx passes to another hub with
// 503, without running them, until no request has come for a while (start.ts, DRAIN_QUIET); then
// it stops listening.

export type DrainPhase = 'serving' | 'draining' | 'passing-on';

/**
 * The requests nginx passes to the next hub after a 503 even when it had sent them (it never does
 * for POST, PATCH and LOCK, 'non-idempotent'). A refused one has not been run, so repeating it
 * elsewhere is safe whatever it does.
 */
const PASSED_ON_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** monitors ask these of this very hub: they keep their true answers (alive; not ready) */
const OWN_PATHS = new Set(['/api/health', '/api/health/ready']);

export class Readiness {
  private current: DrainPhase = 'serving';
  private lastArrival = 0;
  /** connections accepted while draining that have not sent a request yet */
  private readonly waiting = new Set<Socket>();

  get phase(): DrainPhase {
    return this.current;
  }

  get draining(): boolean {
    return this.current !== 'serving';
  }

  /** SIGTERM: readiness 503 and every answer closes its connection; everything is still served */
  startDraining(): void {
    if (this.current === 'serving') this.current = 'draining';
  }

  /** after the drain delay: requests a proxy can pass on are answered 503 without being run */
  startPassingOn(): void {
    this.startDraining();
    this.current = 'passing-on';
    this.lastArrival = performance.now();
  }

  /** Tracks the server's new connections while draining, so untilNoArrivals sees those still silent. */
  watch(server: Server): void {
    server.on('connection', (socket: Socket) => {
      if (!this.draining) return;
      this.waiting.add(socket);
      socket.once('close', () => this.waiting.delete(socket));
    });
  }

  noteArrival(socket: Socket | null): void {
    this.lastArrival = performance.now();
    if (socket) this.waiting.delete(socket);
  }

  /** ms since the last request arrived (or passing-on began) */
  quietFor(): number {
    return performance.now() - this.lastArrival;
  }

  /** new connections (accepted while draining) whose request has not been read yet */
  get connectionsWaiting(): number {
    return this.waiting.size;
  }
}

/**
 * While draining, every answer closes its connection. Node keeps a connection whose request was
 * in flight at server.close() open for keepAliveTimeout after the answer (72 s under Fastify),
 * and close() waits for it; a proxy would meanwhile reuse it for a request the hub then refuses.
 * While passing on, the requests nginx retries elsewhere are answered 503 at once (see above).
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, readiness: Readiness): void {
  readiness.watch(app.server);
  app.addHook('onRequest', (request, reply, done) => {
    if (!readiness.draining) return done();
    readiness.noteArrival(request.raw.socket);
    if (readiness.phase !== 'passing-on' || !PASSED_ON_METHODS.has(request.method) || OWN_PATHS.has(request.url.split('?')[0])) return done();
    sendRequestId(request, reply); // this hook runs before the one that does it
    void reply
      .code(503)
      .header('retry-after', '1')
      .send({ errors: [{ message: READY_MESSAGES.draining }] });
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (readiness.draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface QuietOptions {
  /** no request for this long: the proxy has stopped sending here */
  quietMs: number;
  /** stop waiting after this long even so (a proxy that does not retry GETs on 503, writes only) */
  maxMs: number;
}

/**
 * Resolves once no request has arrived for quietMs (or after maxMs). It decides just after a poll
 * of the event loop, which has accepted every connection the kernel held: a loop that was busy
 * (timers run before the poll) would otherwise take a queue of unaccepted connections for quiet.
 * Resolves false when it gave up at maxMs.
 */
export async function untilNoArrivals(readiness: Readiness, options: QuietOptions): Promise<boolean> {
  const giveUpAt = performance.now() + options.maxMs;
  const quiet = () => readiness.connectionsWaiting === 0 && readiness.quietFor() >= options.quietMs;
  for (;;) {
    const left = giveUpAt - performance.now();
    if (left <= 0) return false;
    // a connection that has not sent its request yet will in a moment (or closes): look again soon
    const wait = readiness.connectionsWaiting > 0 ? 20 : options.quietMs - readiness.quietFor();
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(Math.min(wait, left))));
      continue;
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (quiet()) return true;
  }
}
