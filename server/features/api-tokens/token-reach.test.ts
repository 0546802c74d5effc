import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES as M } from '../../../shared/rules/api-tokens';
import { apiTokenRefusal } from './token-reach';
import { ApiTokenRateLimit } from './token-rate-limit';

describe('what an API token reaches (docs/api.md API tokens)', () => {
  it('a read token reads anywhere but Admin, and writes nowhere', () => {
    expect(apiTokenRefusal('read', 'GET', 'GET /api/objective')).toBeNull();
    expect(apiTokenRefusal('read', 'HEAD', 'HEAD /api/objective')).toBeNull();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(apiTokenRefusal('read', method, `${method} /api/objective/:id`)).toBe(M.readOnly);
    expect(apiTokenRefusal('read', 'GET', 'GET /api/admin/users')).toBe(M.notAdmin);
  });

  it('a read-write token writes, but not under /api/admin; the admin scopes reach it', () => {
    expect(apiTokenRefusal('read-write', 'PUT', 'PUT /api/objective/:id')).toBeNull();
    expect(apiTokenRefusal('read-write', 'PUT', 'PUT /api/admin/retention')).toBe(M.notAdmin);
    expect(apiTokenRefusal('admin-read', 'GET', 'GET /api/admin/users')).toBeNull();
    expect(apiTokenRefusal('admin-read', 'PUT', 'PUT /api/admin/retention')).toBe(M.readOnly);
    expect(apiTokenRefusal('admin-read-write', 'PUT', 'PUT /api/admin/retention')).toBeNull();
  });

  it('no scope manages passwords, sessions or tokens, or changes roles', () => {
    for (const route of ['POST /api/auth/password', 'GET /api/auth/sessions', 'POST /api/me/tokens', 'GET /api/admin/tokens', 'PUT /api/admin/users/:id/role', 'POST /api/role']) {
      expect(apiTokenRefusal('admin-read-write', route.split(' ')[0], route)).toBe(M.signInOnly);
    }
  });
});

describe('ApiTokenRateLimit', () => {
  it('counts each token in its own window, and says how long to wait', () => {
    const limit = new ApiTokenRateLimit({ requests: 2, windowMs: 60_000, maxEntries: 10 });
    expect(limit.take(1, 0)).toBeNull();
    expect(limit.take(1, 10)).toBeNull();
    expect(limit.take(1, 20_000)).toBe(40);
    expect(limit.take(2, 20_000)).toBeNull();
    expect(limit.take(1, 60_000)).toBeNull();
  });

  it('keeps at most maxEntries tokens, forgetting lapsed windows first', () => {
    const limit = new ApiTokenRateLimit({ requests: 1, windowMs: 1000, maxEntries: 2 });
    limit.take(1, 0);
    limit.take(2, 1500);
    limit.take(3, 1600);
    // token 1's window had lapsed and went; 2 is still counted
    expect(limit.take(2, 1700)).not.toBeNull();
  });
});
