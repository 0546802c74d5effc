import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { toSnakeKey } from '../../shared/api/case';
import type { ApiError, ErrorBody } from '../../shared/api/common';
import { BUSY_MESSAGE, SERVER_ERROR_MESSAGE } from '../../shared/api/hub-error';
import { isDatabaseBusy } from '../db/transaction-retry';
import { isHttpError } from '../http-errors';
import { sendRequestId } from './request-log';
import { validationErrors } from './wire-contract';

// design §4: every failure is `{ errors: [{ message, field? }] }`; a 5xx never carries internals
// (the real error goes to the log, with the request id that ties it to the request log line).

export const WIRE_MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  emptyJson: 'The request body is empty; send a JSON object.',
  tooLarge: 'The request body is too large.',
  mediaType: 'Unsupported content type; send JSON.',
  notFound: 'There is no such API path.',
  badUrl: 'The request path is not valid.',
  badMultipart: 'The upload is not a complete multipart form.',
} as const;

/** Fastify's own 4xx errors whose text we replace with a plain one (theirs may quote the input). */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: WIRE_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: WIRE_MESSAGES.emptyJson,
  FST_ERR_CTP_BODY_TOO_LARGE: WIRE_MESSAGES.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: WIRE_MESSAGES.mediaType,
};

/** Seconds a client is asked to wait after a 503 for a busy database. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** Status and body for any thrown value; pure so the mapping is unit-tested. */
export function errorResponse(error: unknown): { status: number; body: ErrorBody; log: boolean; headers?: Record<string, string> } {
  if (isDatabaseBusy(error)) {
    // PostgreSQL kept cancelling the transaction (server/db/transaction-retry.ts, after its
    // retries): nothing was written and the same request may well pass in a moment, so a 503 the
    // clients retry (shared/rules/queued-writes.ts), not a 500; logged, as contention to look at.
    // Behind nginx (deploy/nginx) a GET, PUT or DELETE answered so goes on to another hub: safe,
    // since the cancelled transaction wrote nothing
    return { status: 503, body: { errors: [{ message: BUSY_MESSAGE }] }, log: true, headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) } };
  }
  if (isHttpError(error)) {
    // services name fields in camelCase like the rest of the code; the wire wants snake_case
    const errors: ApiError[] = error.errors.map((e) => (e.field ? { message: e.message, field: toSnakeKey(e.field) } : e));
    return { status: error.statusCode, body: { errors }, log: false, ...(error.headers ? { headers: error.headers } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, body: { errors: validationErrors(error.validation) }, log: false };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  const status = typeof fastifyError?.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    const known = fastifyError?.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
    const message = known ?? (fastifyError?.validation ? 'Invalid request.' : fastifyError?.message) ?? 'Bad request.';
    return { status, body: { errors: [{ message }] }, log: false };
  }
  return { status: status >= 500 && status < 600 ? status : 500, body: { errors: [{ message: SERVER_ERROR_MESSAGE }] }, log: true };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, log, headers } = errorResponse(error);
    if (log) request.log.error({ err: error }, 'request failed');
    if (headers) void reply.headers(headers);
    return reply.code(status).send(body);
  });
}

/** Unknown /api paths answer 404 in the contract's shape (the web fallback never sees them). */
export function installApiNotFound(api: FastifyInstance): void {
  api.setNotFoundHandler((_request, reply) => reply.code(404).send({ errors: [{ message: WIRE_MESSAGES.notFound }] }));
}

/**
 * Fastify answers a malformed path or a path segment over its length limit before any route or
 * error handler runs, in its own shape and quoting the path. This is its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendRequestId(request, reply); // no hook ran for it
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ errors: [{ message: WIRE_MESSAGES.badUrl }] });
}
