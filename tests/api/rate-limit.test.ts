import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_USERNAME } from '../../server/features/auth/login';
import { LOGIN_MESSAGES } from '../../shared/rules/messages';
import { loginEvents } from '../../server/db/schema';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Sign-in is rate limited per username (5 failures / 15 min) and per address
// (30 / 15 min), counted from login_events so several hubs share the count.
let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(() => hub?.close());

const attempt = (username: string, password: string) => hub.post('/api/auth/login', { username, password });

describe('sign-in rate limit', () => {
  it('after 5 failures for a username even the right password answers 429', async () => {
    const user = await createUser(hub.db);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) expect((await attempt(user.username, 'wrong')).status).toBe(401);
    const res = await attempt(user.username.toUpperCase(), TEST_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ errors: [{ message: LOGIN_MESSAGES.tooManyAttempts }] });
  });

  it('a 429 says in Retry-After when the limit lifts: when the failure that filled it leaves the window', async () => {
    const user = await createUser(hub.db);
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60 * 1000);
    // five failures 14, 13, 12, 11 and 10 minutes ago, and the refused attempt itself counts: of the
    // five newest (now, 10, 11, 12, 13) the oldest leaves the window in 2 minutes, and 4 are left
    await hub.db.insert(loginEvents).values([14, 13, 12, 11, 10].map((n) => ({ username: user.username, address: '10.0.0.2', success: false, createdAt: minutesAgo(n) })));
    const res = await attempt(user.username, TEST_PASSWORD);
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(2 * 60 - 30);
    expect(seconds).toBeLessThanOrEqual(2 * 60 + 1);
  });

  it('a 401 for a wrong password carries no Retry-After', async () => {
    const user = await createUser(hub.db);
    const res = await attempt(user.username, 'wrong');
    expect(res.status).toBe(401);
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('failures older than 15 minutes do not count', async () => {
    const user = await createUser(hub.db);
    const old = new Date(Date.now() - 16 * 60 * 1000);
    await hub.db.insert(loginEvents).values(
      Array.from({ length: 10 }, () => ({ username: user.username, address: '10.0.0.1', success: false, createdAt: old })),
    );
    expect((await attempt(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it('a success resets the username count', async () => {
    const user = await createUser(hub.db);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) await attempt(user.username, 'wrong');
    expect((await attempt(user.username, TEST_PASSWORD)).status).toBe(200);
    expect((await attempt(user.username, 'wrong')).status).toBe(401);
    expect((await attempt(user.username, TEST_PASSWORD)).status).toBe(200);
  });

  it('after 30 failures from one address every username is refused from it', async () => {
    // earlier tests in this file already failed from 127.0.0.1; top up to the limit
    const since = new Date(Date.now() - 60_000);
    await hub.db.insert(loginEvents).values(
      Array.from({ length: MAX_FAILURES_PER_ADDRESS }, (_, i) => ({ username: `ghost${i}`, address: '127.0.0.1', success: false, createdAt: since })),
    );
    const user = await createUser(hub.db);
    const res = await attempt(user.username, TEST_PASSWORD);
    expect(res.status).toBe(429);
    // the address's 30th newest failure is a minute old: about 14 minutes to go
    const seconds = Number(res.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(13 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });
});
