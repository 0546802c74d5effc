import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { roles, users } from '../../server/db/schema';
import { hashToken } from '../../server/features/auth/sessions';
import { makeApiToken } from '../support/api-tokens';
import { startTestHub, type TestHub } from '../support/hub';

// Each hub keeps the session users it has read until anything they are built from
// changes (server/features/auth/session-cache.ts). Projects 'api' (PGlite) and 'api-pg' (PostgreSQL).

const onPostgres = !!inject('databaseUrl');

let hub: TestHub;
/** SQL on a connection of its own, as another hub, an import or psql would write (PGlite: the one in-process database) */
let elsewhere: (text: string) => Promise<void>;
let closeElsewhere = async () => {};

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  if (onPostgres) {
    const [{ name }] = rowsOf<{ name: string }>(await hub.db.execute(sql`select current_database() as name`));
    const url = new URL(inject('databaseUrl')!);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    elsewhere = async (text) => void (await client.query(text));
    closeElsewhere = () => client.end();
  } else {
    elsewhere = async (text) => void (await hub.db.execute(sql.raw(text)));
  }
  await vi.waitFor(() => expect(hub.app.sessionCache.following).toBe(true), { timeout: 10_000 });
});
afterAll(async () => {
  await closeElsewhere();
  await hub?.close();
});

const me = (token: string) => hub.get('/api/auth/me', { token });
const cached = (token: string) => hub.app.sessionCache.get(hashToken(token), Date.now());

/** Asks until `status` comes back; the milliseconds that took. */
async function untilStatus(token: string, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await me(token)).status === status) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`still not ${status} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the session cache', () => {
  it('a token read once is served from the cache while nothing changes', async () => {
    const { token } = await hub.login('member');
    expect(cached(token)).toBeUndefined();
    expect((await me(token)).status).toBe(200);
    expect(cached(token)?.user.username).toBe('member');
    const again = await me(token);
    expect(again.status).toBe(200);
    expect(again.body.data.user.username).toBe('member');
  });

  it('a sign-out through this hub ends the session for the very next request', async () => {
    const { token } = await hub.login('member');
    expect((await me(token)).status).toBe(200);
    expect(cached(token)).toBeDefined();
    expect((await hub.post('/api/auth/logout', {}, { token })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it("an admin's role change applies to the person's very next request", async () => {
    const admin = (await hub.login('admin')).token;
    const { token } = await hub.login('guest');
    const before = await me(token);
    expect(before.body.data.user.role.name).not.toBe('Admin');
    const [guest] = await hub.db.select({ id: users.id, roleId: users.roleId }).from(users).where(eq(users.username, 'guest'));
    const [adminRole] = await hub.db.select().from(roles).where(eq(roles.name, 'Admin'));
    const change = async (roleId: number) =>
      expect((await hub.request('PUT', `/api/admin/users/${guest.id}/role`, { token: admin, body: { role_id: roleId } })).status).toBe(200);
    await change(adminRole.id);
    const after = await me(token);
    expect(after.body.data.user.role.name).toBe('Admin');
    expect(after.body.data.user.capabilities).toEqual(expect.arrayContaining(adminRole.capabilities));
    await change(guest.roleId!);
    expect((await me(token)).body.data.user.role.name).toBe(before.body.data.user.role.name);
  });

  it('a change written by another connection (another hub, an import, psql) applies within moments', async () => {
    const { token } = await hub.login('manager');
    expect((await me(token)).status).toBe(200);
    expect(cached(token)).toBeDefined();
    await elsewhere(`update sessions set revoked_at = now() where token_hash = '${hashToken(token)}'`);
    // PGlite hands NOTIFY over before the write returns; PostgreSQL on another connection, a moment later
    const took = await untilStatus(token, 401, 1_000);
    if (!onPostgres) expect(took).toBeLessThan(50);
  });

  it('an API token revoked by another connection stops working within moments (its table notifies too)', async () => {
    const { token: session } = await hub.login('manager');
    const { token } = await makeApiToken(hub, session);
    expect((await me(token)).status).toBe(200);
    expect(cached(token)).toBeDefined();
    await elsewhere(`delete from api_tokens where token_hash = '${hashToken(token)}'`);
    const took = await untilStatus(token, 401, 1_000);
    if (!onPostgres) expect(took).toBeLessThan(50);
  });

  if (onPostgres) {
    it('a hub that lost its LISTEN keeps nothing, reads every session from the database, and follows again', async () => {
      const { token } = await hub.login('lead');
      expect((await me(token)).status).toBe(200);
      expect(cached(token)).toBeDefined();
      await elsewhere(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN hub_session_changes'`);
      await vi.waitFor(() => expect(hub.app.sessionCache.following).toBe(false), { timeout: 5_000 });
      expect(hub.app.sessionCache.size).toBe(0);
      expect((await me(token)).status).toBe(200);
      expect(cached(token)).toBeUndefined();
      // nobody is told of this change now; the hub still sees it, since it reads every session
      await elsewhere(`update sessions set revoked_at = now() where token_hash = '${hashToken(token)}'`);
      expect((await me(token)).status).toBe(401);

      await vi.waitFor(() => expect(hub.app.sessionCache.following).toBe(true), { timeout: 10_000 });
      const again = (await hub.login('lead')).token;
      expect((await me(again)).status).toBe(200);
      expect(cached(again)).toBeDefined();
    });
  }
});
