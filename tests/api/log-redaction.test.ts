import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { SESSION_COOKIE } from '../../shared/api/common';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { createTestDatabase } from '../support/test-db';

// issue 3 / SECURITY.md: passwords, tokens and cookies never reach the hub's log, whatever the
// request carried. The hub logs at info level as `npm run serve` does; every line is kept here.
const lines: string[] = [];
let database: Database;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  const app = await buildApp({ database, webRoot: null, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close?.());

describe('the request log', () => {
  it('records each request but never the password, the bearer token or the session cookie', async () => {
    const user = await createUser(database.db, { username: 'logged.user' });
    const post = (body: unknown) => fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const wrong = await post({ username: user.username, password: 'a-wrong-secret-password' });
    expect(wrong.status).toBe(401);
    const signIn = await post({ username: user.username, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const token = (await signIn.json()).data.access_token as string;
    const me = await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}`, cookie: `${SESSION_COOKIE}=${token}` } });
    expect(me.status).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/auth/login');
    expect(log).toContain('/api/auth/me');
    for (const secret of [token, TEST_PASSWORD, 'a-wrong-secret-password']) expect(log).not.toContain(secret);
  });

  it('writes one line per request at info, when it is answered: method, url, status and time taken', async () => {
    lines.length = 0;
    const res = await fetch(`${url}/api/auth/me?probe=1`);
    expect(res.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const parsed = lines.map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number });
    const mine = parsed.filter((l) => l.req?.url === '/api/auth/me?probe=1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET' }, res: { statusCode: 401 } });
    expect(mine[0].responseTime).toBeGreaterThan(0);
    // the arrival is a debug line: not written at info
    expect(parsed.some((l) => l.msg === 'incoming request')).toBe(false);
  });
});
