import type { ApiError } from '../shared/api/common';
import { SESSION_MESSAGES } from '../shared/rules/messages';

/**
 * An error a route or service throws on purpose: the wire-contract error handler turns it into
 * `{ errors: [...] }` with its status (design §4). Anything else thrown is a 500 with no internals.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: ApiError[];
  /** answer headers that belong with the refusal (a 429's Retry-After) */
  readonly headers: Record<string, string> | undefined;

  constructor(statusCode: number, errors: ApiError[], headers?: Record<string, string>) {
    super(errors.map((e) => e.message).join(', '));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, [field ? { message, field } : { message }]);
export const unauthorized = (message: string = SESSION_MESSAGES.unauthorized) => new HttpError(401, [{ message }]);
export const forbidden = (message: string = SESSION_MESSAGES.forbidden) => new HttpError(403, [{ message }]);
export const notFound = (message = 'Not found.') => new HttpError(404, [{ message }]);
/** RFC 9110 §10.2.3: a 429 says, in whole seconds, when asking again can succeed. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, [{ message }], { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}
