import { describe, expect, it } from 'vitest';
import { BUSY_MESSAGE, SERVER_ERROR_MESSAGE } from '../../shared/api/hub-error';
import { DatabaseBusyError } from '../db/transaction-retry';
import { badRequest, forbidden, tooManyRequests } from '../http-errors';
import { BUSY_RETRY_AFTER_SECONDS, errorResponse, WIRE_MESSAGES } from './errors';

describe('errorResponse', () => {
  it('passes our own errors through, with snake_case fields', () => {
    expect(errorResponse(badRequest('There is no member.', 'teamMemberEmail'))).toEqual({
      status: 400,
      body: { errors: [{ message: 'There is no member.', field: 'team_member_email' }] },
      log: false,
    });
    expect(errorResponse(forbidden()).status).toBe(403);
  });

  it('a 429 carries its Retry-After in whole seconds, never below one', () => {
    expect(errorResponse(tooManyRequests('Too many.', 61.2))).toEqual({ status: 429, body: { errors: [{ message: 'Too many.' }] }, log: false, headers: { 'retry-after': '62' } });
    expect(errorResponse(tooManyRequests('Too many.', 0)).headers).toEqual({ 'retry-after': '1' });
  });

  it("replaces Fastify's body errors with plain texts", () => {
    const invalid = Object.assign(new Error('Unexpected token } in JSON at position 12'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 });
    expect(errorResponse(invalid).body).toEqual({ errors: [{ message: WIRE_MESSAGES.invalidJson }] });
  });

  it('hides everything about a 5xx and asks for it to be logged', () => {
    const boom = errorResponse(new Error('relation "users" does not exist at /srv/hub/server/services/x.ts:12'));
    expect(boom).toEqual({ status: 500, body: { errors: [{ message: SERVER_ERROR_MESSAGE }] }, log: true });
    expect(errorResponse('a thrown string').status).toBe(500);
  });

  it('a transaction the database kept cancelling is a 503 the client may retry, logged, with nothing about it', () => {
    const cause = Object.assign(new Error('deadlock detected on relation objectives'), { code: '40P01' });
    expect(errorResponse(new DatabaseBusyError('40P01', 4, cause))).toEqual({
      status: 503, body: { errors: [{ message: BUSY_MESSAGE }] }, log: true, headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
    });
  });
});
