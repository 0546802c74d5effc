import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, isAdminScope, isWriteScope, type ApiTokenScope } from '../../shared/rules/api-tokens';
import { makeApiToken } from '../support/api-tokens';
import { startTestHub, type TestHub } from '../support/hub';

// A role matrix of API tokens (docs/api.md 'API tokens'): each demo person's tokens of every scope
// offered to them, over a representative set of routes. A token reaches what its person may and its
// scope allows, never more: a read matches the person's signed-in answer, a write needs a write
// scope, Admin an admin scope, and what needs a signed-in session is refused to every token.

const PEOPLE = ['admin', 'owner', 'manager', 'lead', 'member', 'guest'] as const;
type Person = (typeof PEOPLE)[number];

interface Call {
  label: string;
  method: string;
  path: string;
  body?: () => unknown;
  /** the status a token of this person and scope gets */
  expected: (who: Person, scope: ApiTokenScope) => number;
}

const ALLOWED = 200;
const REFUSED = 403;
const read = (status: (who: Person) => number) => (who: Person) => status(who);
const write = (status: (who: Person, scope: ApiTokenScope) => number) => (who: Person, scope: ApiTokenScope) => (isWriteScope(scope) ? status(who, scope) : REFUSED);
const adminOnly = (who: Person, scope: ApiTokenScope) => (who === 'admin' && isAdminScope(scope) ? ALLOWED : REFUSED);

const CALLS: Call[] = [
  { label: 'who am I', method: 'GET', path: '/api/auth/me', expected: read(() => ALLOWED) },
  { label: 'the objectives list', method: 'GET', path: '/api/objective', expected: read(() => ALLOWED) },
  { label: 'the directory', method: 'GET', path: '/api/user', expected: read(() => ALLOWED) },
  // the barred role sees no statistics (spec §6), with a token as signed in
  { label: 'statistics', method: 'GET', path: '/api/statistics', expected: read((who) => (who === 'guest' ? REFUSED : ALLOWED)) },
  { label: 'one’s own theme', method: 'PUT', path: '/api/preferences', body: () => ({ theme: 'system' }), expected: write(() => ALLOWED) },
  { label: 'Admin → Users', method: 'GET', path: '/api/admin/users', expected: adminOnly },
  { label: 'the audit log', method: 'GET', path: '/api/audit', expected: adminOnly },
  {
    label: 'a new team', method: 'POST', path: '/api/team', body: () => ({ name: `Matrix team ${Math.random().toString(36).slice(2)}`, technology: 'Go' }),
    expected: (who, scope) => (who === 'admin' && scope === 'admin-read-write' ? ALLOWED : REFUSED),
  },
  { label: 'a password change', method: 'POST', path: '/api/auth/password', body: () => ({ current_password: 'demo', new_password: 'marmalade-orbit-cactus' }), expected: () => REFUSED },
  { label: 'the sessions list', method: 'GET', path: '/api/auth/sessions', expected: () => REFUSED },
  { label: 'a new token', method: 'POST', path: '/api/me/tokens', body: () => ({ name: 'Child', scope: 'read', expires_in_days: 30 }), expected: () => REFUSED },
  { label: 'a role change', method: 'PUT', path: '/api/admin/users/1/role', body: () => ({ role_id: 1 }), expected: () => REFUSED },
];

let hub: TestHub;
const sessions = {} as Record<Person, string>;
const tokens = {} as Record<Person, Partial<Record<ApiTokenScope, string>>>;

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  for (const who of PEOPLE) {
    sessions[who] = (await hub.login(who)).token;
    tokens[who] = {};
    // admin scopes exist only for people who administer the hub
    for (const scope of who === 'admin' ? API_TOKEN_SCOPES : (['read', 'read-write'] as const)) tokens[who][scope] = (await makeApiToken(hub, sessions[who], { scope })).token;
  }
}, 180_000);
afterAll(() => hub?.close());

describe('API tokens by role and scope', () => {
  it('offers the admin scopes to the admin alone', async () => {
    for (const who of PEOPLE.filter((p) => p !== 'admin')) {
      const res = await hub.post('/api/me/tokens', { name: 'Admin token', scope: 'admin-read', expires_in_days: 30 }, { token: sessions[who] });
      expect([who, res.status]).toEqual([who, 403]);
    }
  });

  it('each person’s tokens answer as their rights and the token’s scope say, on every call of the matrix', async () => {
    const wrong: string[] = [];
    for (const who of PEOPLE) {
      for (const [scope, token] of Object.entries(tokens[who]) as [ApiTokenScope, string][]) {
        for (const call of CALLS) {
          const res = await hub.request(call.method, call.path, { token, body: call.body?.() });
          const expected = call.expected(who, scope);
          if (res.status !== expected) wrong.push(`${who} ${scope} ${call.label}: ${res.status}, expected ${expected} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('a token’s reads are exactly its person’s signed-in reads', async () => {
    const differ: string[] = [];
    for (const who of PEOPLE) {
      for (const call of CALLS.filter((c) => c.method === 'GET' && !c.path.startsWith('/api/admin') && c.path !== '/api/audit' && c.path !== '/api/auth/sessions')) {
        const signedIn = await hub.request(call.method, call.path, { token: sessions[who] });
        const withToken = await hub.request(call.method, call.path, { token: tokens[who].read });
        // /auth/me's first_login is the sign-in stepper's, which a token never goes through: the person is compared
        const seen = (body: { data?: { user?: unknown } }) => JSON.stringify(call.path === '/api/auth/me' ? body.data?.user : body);
        if (signedIn.status !== withToken.status || seen(signedIn.body) !== seen(withToken.body)) differ.push(`${who} ${call.label}: ${signedIn.status} vs ${withToken.status}`);
      }
    }
    expect(differ).toEqual([]);
  }, 120_000);
});
