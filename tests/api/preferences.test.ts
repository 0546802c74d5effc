import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPreferences } from '../../server/features/settings/schema';
import { camelize } from '../../shared/api/case';
import { preferencesResponseSchema, type ThemeChoice } from '../../shared/api/preferences';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Themes: a person's theme choice is kept on the hub with their other settings, and
// each person reads and writes only their own.

let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub({ seed: 'none' });
});
afterAll(() => hub?.close());

async function person() {
  const user = await createUser(hub.db, { firstLogin: false });
  const { token } = await hub.login(user.username, TEST_PASSWORD);
  return { user, token };
}

async function themeOf(token: string): Promise<ThemeChoice> {
  const res = await hub.get('/api/preferences', { token });
  expect(res.status).toBe(200);
  return preferencesResponseSchema.parse(camelize(res.body)).data.theme;
}

const choose = (token: string, body: unknown) => hub.request('PUT', '/api/preferences', { token, body });

describe('allowed: one’s own preferences', () => {
  it('a person who never chose follows the system', async () => {
    const { token } = await person();
    expect(await themeOf(token)).toBe('system');
  });

  it('each choice is kept and read back, in the same session and the next', async () => {
    const { user, token } = await person();
    for (const theme of ['dark', 'high-contrast', 'light', 'system'] as const) {
      const res = await choose(token, { theme });
      expect(res.status).toBe(200);
      expect(preferencesResponseSchema.parse(camelize(res.body)).data.theme).toBe(theme);
      expect(await themeOf(token)).toBe(theme);
    }
    await choose(token, { theme: 'dark' });
    const again = await hub.login(user.username, TEST_PASSWORD);
    expect(await themeOf(again.token)).toBe('dark');
  });

  it('the web session cookie works with the CSRF header', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const login = await hub.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await hub.request('PUT', '/api/preferences', { cookie, csrf: true, body: { theme: 'dark' } })).status).toBe(200);
    expect((await hub.get('/api/preferences', { cookie })).body.data.theme).toBe('dark');
  });
});

describe('refused: anyone else’s, or nobody’s', () => {
  it('one person’s choice never changes or shows another’s', async () => {
    const ada = await person();
    const bob = await person();
    await choose(ada.token, { theme: 'high-contrast' });
    await choose(bob.token, { theme: 'light' });
    expect(await themeOf(ada.token)).toBe('high-contrast');
    expect(await themeOf(bob.token)).toBe('light');
  });

  it('a body naming someone else still writes only the caller’s own row', async () => {
    const ada = await person();
    const bob = await person();
    const res = await choose(bob.token, { theme: 'dark', user_id: ada.user.id, userId: ada.user.id });
    expect(res.status).toBe(200);
    expect(await themeOf(ada.token)).toBe('system');
    expect(await hub.db.select().from(userPreferences).where(eq(userPreferences.userId, ada.user.id))).toEqual([]);
    expect(await themeOf(bob.token)).toBe('dark');
  });

  it('without a session: 401 for reading and writing, and nothing is written', async () => {
    const before = await hub.db.select().from(userPreferences);
    expect((await hub.get('/api/preferences')).status).toBe(401);
    const write = await hub.request('PUT', '/api/preferences', { body: { theme: 'dark' } });
    expect(write.status).toBe(401);
    expect(write.body.errors[0].message).toEqual(expect.any(String));
    expect(await hub.db.select().from(userPreferences)).toEqual(before);
  });

  it('a cookie write without the CSRF header is refused', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const login = await hub.post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await hub.request('PUT', '/api/preferences', { cookie, body: { theme: 'dark' } })).status).toBe(403);
    expect(await hub.db.select().from(userPreferences).where(eq(userPreferences.userId, user.id))).toEqual([]);
  });

  it('an unknown theme or a missing one is a 400 naming the field, and nothing changes', async () => {
    const { token } = await person();
    await choose(token, { theme: 'dark' });
    for (const body of [{ theme: 'solarized' }, { theme: 1 }, {}]) {
      const res = await choose(token, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ message: 'Choose System, Light, Dark or High contrast', field: 'theme' }]);
    }
    expect(await themeOf(token)).toBe('dark');
  });
});
