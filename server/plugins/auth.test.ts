import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../shared/api/common';
import { failsCsrf, readCredential } from './auth';

describe('readCredential', () => {
  it('prefers the bearer header to the cookie', () => {
    expect(readCredential({ authorization: 'Bearer abc' }, { [SESSION_COOKIE]: 'def' })).toEqual({ token: 'abc', via: 'bearer' });
    expect(readCredential({ authorization: 'bearer abc' }, {})).toEqual({ token: 'abc', via: 'bearer' });
  });

  it('falls back to the session cookie, and finds nothing otherwise', () => {
    expect(readCredential({}, { [SESSION_COOKIE]: 'def' })).toEqual({ token: 'def', via: 'cookie' });
    expect(readCredential({ authorization: 'Basic xyz' }, {})).toBeNull();
    expect(readCredential({ authorization: 'Bearer ' }, {})).toBeNull();
  });
});

describe('failsCsrf', () => {
  it('refuses a cookie-authenticated change without x-hub-request: 1', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(failsCsrf(method, 'cookie', undefined)).toBe(true);
    expect(failsCsrf('POST', 'cookie', '0')).toBe(true);
  });

  it('lets reads, bearer requests and requests with the header through', () => {
    expect(failsCsrf('GET', 'cookie', undefined)).toBe(false);
    expect(failsCsrf('POST', 'bearer', undefined)).toBe(false);
    expect(failsCsrf('POST', 'cookie', '1')).toBe(false);
  });
});
