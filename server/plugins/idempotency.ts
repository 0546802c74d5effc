import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPlainObject } from '../../shared/api/case';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_REPLAYED_HEADER, idempotencyKeySchema } from '../../shared/api/idempotency';
import { badRequest, HttpError } from '../http-errors';
import { claimKey, completeKey, releaseKey } from './idempotency-keys';

// docs/api.md 'Idempotency keys': the same creating POST sent twice (a double submit, a retry after
// a lost answer, the desktop app's queue sending again) creates one row. With an Idempotency-Key,
// the first request takes the key in the database before its route runs; one sent while it is in
// flight waits for its answer; any later one within 24 hours gets that answer again, marked
// Idempotent-Replayed. Only a success is kept: a refused or failed request created nothing and
// frees the key. Keys are the person's own (two people may send the same key) and name one request:
// the same key with another route, path or body is a 422.

/** The creating POSTs; the header is ignored on every other route. */
export const IDEMPOTENT_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/objective',
  'POST /api/alignment/objectives',
  'POST /api/objective/:id', // a key result
  'POST /api/objective/:id/links',
  'POST /api/key-result/:id/check-ins',
  'POST /api/employee-details', // an evaluation
  'POST /api/user',
  'POST /api/user/invite-in-team',
  'POST /api/team',
  'POST /api/job',
  'POST /api/role',
  'POST /api/link',
  'POST /api/skill',
]);

/** How long a request waits for the one in flight with its key before answering 409. */
export const IN_FLIGHT_WAIT_MS = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** the key this request claimed, to complete or release when it is answered */
    idempotencyKey: string | null;
  }
}

/** JSON with the keys of every object sorted, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value).filter((k) => value[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestFingerprint(route: string, params: unknown, body: unknown): string {
  return createHash('sha256').update(canonical({ route, params, body })).digest('hex');
}

/** The key as sent: one header, bare or as a structured-field string ("…"), else null. */
export function keyOf(header: string | string[]): string | null {
  if (Array.isArray(header)) return null;
  const bare = /^"(.*)"$/.exec(header)?.[1] ?? header;
  return idempotencyKeySchema.safeParse(bare).success ? bare : null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims the key, or answers for it: the stored answer, 422 or (after waiting) 409. */
async function takeKey(api: FastifyInstance, request: FastifyRequest, reply: FastifyReply, route: string, header: string | string[]): Promise<boolean> {
  const key = keyOf(header);
  if (key === null) throw badRequest(IDEMPOTENCY_MESSAGES.malformed);
  const claim = { userId: request.actor.id, key, route, fingerprint: requestFingerprint(route, request.params, request.body) };
  const until = Date.now() + IN_FLIGHT_WAIT_MS;
  for (let wait = 20; ; wait = Math.min(wait * 2, 250)) {
    const taken = await claimKey(api.db, claim);
    if (taken.kind === 'claimed') {
      request.idempotencyKey = key;
      return true;
    }
    if (taken.kind === 'replay') {
      void reply.code(taken.statusCode).type('application/json; charset=utf-8').header(IDEMPOTENCY_REPLAYED_HEADER, 'true').send(taken.response);
      return false;
    }
    if (taken.kind === 'reused') throw new HttpError(422, [{ message: IDEMPOTENCY_MESSAGES.reused }]);
    if (Date.now() + wait > until) throw new HttpError(409, [{ message: IDEMPOTENCY_MESSAGES.inFlight }], { 'retry-after': '1' });
    await pause(wait);
  }
}

/**
 * On the /api scope, before the JSON compression: the answer is kept as the route wrote it. Hooks
 * in callback form, so the requests without the header (nearly all) cost no promise.
 */
export function installIdempotency(api: FastifyInstance): void {
  api.decorateRequest('idempotencyKey', null);

  // after authentication (onRequest) and validation: a malformed body never takes a key
  api.addHook('preHandler', (request, reply, done) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || request.method !== 'POST') return done();
    const route = `${request.method} ${request.routeOptions.url}`;
    if (!IDEMPOTENT_ROUTES.has(route)) return done();
    takeKey(api, request, reply, route, header).then((proceed) => {
      // a replay has been sent: the route does not run
      if (proceed) done();
    }, (error: Error) => done(error));
  });

  api.addHook('onSend', (request, reply, payload, done) => {
    const key = request.idempotencyKey;
    if (key === null) return done(null, payload);
    request.idempotencyKey = null;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string';
    const settled = succeeded ? completeKey(api.db, request.actor.id, key, reply.statusCode, payload) : releaseKey(api.db, request.actor.id, key);
    settled.then(() => done(null, payload), (error: unknown) => {
      // the answer still goes out; the key stays in flight until its lease lapses
      request.log.error({ err: error }, 'idempotency key could not be settled');
      done(null, payload);
    });
  });
}
