import type { ApiError } from '../shared/api/common';
import { SESSION_MESSAGES } from '../shared/rules/messages';

/**
 * An error a route or service throws on purpose: the wire-contract error handler turns it into
 * `{ errors: [...] }` with its status (design §4). Anything else thrown is a 500 with no internals.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: ApiError[];

  constructor(statusCode: number, errors: ApiError[]) {
    super(errors.map((e) => e.message).join(', '));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, [field ? { message, field } : { message }]);
export const unauthorized = (message: string = SESSION_MESSAGES.unauthorized) => new HttpError(401, [{ message }]);
export const forbidden = (message: string = SESSION_MESSAGES.forbidden) => new HttpError(403, [{ message }]);
export const notFound = (message = 'Not found.') => new HttpError(404, [{ message }]);
export const tooManyRequests = (message: string) => new HttpError(429, [{ message }]);

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}
