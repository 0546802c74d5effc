import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERROR_MESSAGE } from '../../shared/api/hub-error';
import { LOGIN_MESSAGES } from '../../shared/rules/messages';
import { WIRE_MESSAGES } from '../../server/plugins/errors';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// design §4: snake_case, { data }, { errors: [{ message, field? }] }, 400 per field, never a 500.
let hub: TestHub;
let token: string;
beforeAll(async () => {
  hub = await startTestHub();
  const user = await createUser(hub.db);
  token = (await hub.login(user.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

describe('validation', () => {
  it("a missing username answers 400 'Username is required' on field username", async () => {
    const res = await hub.post('/api/auth/login', { password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: LOGIN_MESSAGES.username, field: 'username' }] });
  });

  it('one message per missing field, and for an empty body too', async () => {
    for (const res of [await hub.post('/api/auth/login', {}), await hub.request('POST', '/api/auth/login')]) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { message: LOGIN_MESSAGES.username, field: 'username' },
        { message: LOGIN_MESSAGES.password, field: 'password' },
      ]);
    }
  });

  it('wrong types and oversize strings answer 400, never 500', async () => {
    const wrongType = await hub.post('/api/auth/login', { username: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.map((e: { field: string }) => e.field)).toEqual(['username', 'password']);
    const oversize = await hub.post('/api/auth/login', { username: 'u'.repeat(101), password: 'x' });
    expect(oversize.status).toBe(400);
    expect(oversize.body.errors[0].field).toBe('username');
  });

  it('snake_case keys are read into the camelCase schema, and the field comes back snake_case', async () => {
    const res = await hub.post('/api/user/invite-in-team', { team_member_email: 'not an email' }, { token });
    // not a lead: the permission check runs after validation, so the field error shows first
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: 'Email is invalid.', field: 'team_member_email' }]);
  });

  it('a bad path parameter is a 400 on that field', async () => {
    const res = await hub.get('/api/teamDetails/abc', { token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('user_id');
  });
});

describe('malformed requests', () => {
  it('malformed JSON answers 400', async () => {
    const res = await hub.request('POST', '/api/auth/login', { raw: '{"username": "a",' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: WIRE_MESSAGES.invalidJson }] });
  });

  it('prototype poisoning is refused', async () => {
    const res = await hub.request('POST', '/api/auth/login', { raw: '{"username":"a","password":"b","__proto__":{"x":1}}' });
    expect(res.status).toBe(400);
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await hub.request('POST', '/api/auth/login', { raw: JSON.stringify({ username: 'a', password: 'b'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: [{ message: WIRE_MESSAGES.tooLarge }] });
  });

  it('an unsupported content type answers 415', async () => {
    const res = await hub.request('POST', '/api/auth/login', { raw: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
  });
});

describe('answers', () => {
  it('an unknown /api path answers 404, with or without a token', async () => {
    for (const res of [await hub.get('/api/no/such/thing'), await hub.get('/api/no/such/thing', { token }), await hub.post('/api/nope', {})]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: [{ message: WIRE_MESSAGES.notFound }] });
    }
  });

  it('success bodies are { data } with snake_case keys', async () => {
    const res = await hub.get('/api/auth/me', { token });
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toHaveProperty('first_login');
    expect(res.body.data.user).toHaveProperty('is_team_lead');
    expect(res.body.data.user).not.toHaveProperty('isTeamLead');
    expect(res.body.data.user).not.toHaveProperty('password_hash');
  });

  it('every answer carries the security headers', async () => {
    const res = await hub.get('/api/auth/me', { token });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('server errors', () => {
  it('a 5xx carries the generic message and no internals', async () => {
    const broken = await startTestHub();
    const user = await createUser(broken.db);
    const { token: brokenToken } = await broken.login(user.username, TEST_PASSWORD);
    // pull the database out from under the hub: queries now fail inside the handlers
    await broken.database.close();
    try {
      const res = await broken.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ errors: [{ message: SERVER_ERROR_MESSAGE }] });
      const me = await broken.get('/api/auth/me', { token: brokenToken });
      expect(me.status).toBe(500);
      expect(JSON.stringify(me.body)).not.toMatch(/pglite|postgres|closed|stack|sql/i);
    } finally {
      await broken.app.close();
    }
  });
});
