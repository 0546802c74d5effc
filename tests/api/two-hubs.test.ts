import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, freshTarget, signIn, startHubProcess, type HubProcess, type HubTarget } from '../support/hub-process';
import type { WireBody } from '../support/hub';

// Design §1 scale-out: two hub processes on one PostgreSQL (project 'api-pg'). On
// PGlite (project 'api') a data folder belongs to one process, so a second hub is refused.

const onPostgres = !!inject('databaseUrl');

if (onPostgres) {
  describe('two hub processes on one PostgreSQL', () => {
    let target: HubTarget;
    let hubs: HubProcess[] = [];
    let source: Server;
    const sourceHits: string[] = [];
    let listening = 0;

    const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      // the systems the scheduled imports read: hours and holidays, counting every read
      source = createServer((req, res) => {
        sourceHits.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      });
      await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
      target = await freshTarget('hub_two');
    });
    afterAll(async () => {
      await Promise.all(hubs.map((hub) => hub.kill('SIGKILL')));
      await new Promise((resolve) => source?.close(resolve));
      await target?.drop();
    });

    it('both start at once on an empty database, which is migrated and seeded exactly once', { timeout: 180_000 }, async () => {
      hubs = await Promise.all([startHubProcess({ target, imports: true }), startHubProcess({ target, imports: true })]);
      listening = Date.now();
      const base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
      await query(
        `insert into settings (key, value) values ('importSources', $1::jsonb) on conflict (key) do update set value = excluded.value`,
        [JSON.stringify({ timetracking: { kind: 'http', url: `${base}/hours` }, holidays: { kind: 'http', url: `${base}/holidays` } })],
      );
      for (const hub of hubs) expect((await call(hub.url, 'GET', '/api/health')).status).toBe(200);
      const seeded = hubs.filter((hub) => hub.output().includes('seeded the demo company'));
      expect(seeded).toHaveLength(1);
      const [users] = await query<{ n: number; names: number }>('select count(*)::int as n, count(distinct username)::int as names from users');
      expect(users.n).toBe(users.names);
      const [teams] = await query<{ n: number; names: number }>('select count(*)::int as n, count(distinct name)::int as names from teams');
      expect(teams.n).toBe(teams.names);
      const [migrations] = await query<{ n: number; hashes: number }>('select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations');
      expect(migrations.n).toBe(migrations.hashes);
    });

    /** Asks `hub` until the answer is `status`: a change through the other hub reaches this one's session cache by NOTIFY. */
    const untilStatus = async (hub: HubProcess, path: string, token: string, status: number, check: (body: WireBody) => boolean = () => true) => {
      const started = Date.now();
      for (;;) {
        const res = await call(hub.url, 'GET', path, { token });
        if (res.status === status && check(res.body)) return Date.now() - started;
        if (Date.now() - started > 1_000) throw new Error(`${path} on the other hub: still ${res.status} after 1 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };

    it('a token from one hub works on the other, and signing out on one ends it on both', async () => {
      const [a, b] = hubs;
      const { token } = await signIn(a.url, 'member');
      expect((await call(a.url, 'GET', '/api/auth/me', { token })).status).toBe(200); // now in a's session cache
      const me = await call(b.url, 'GET', '/api/auth/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.data.user.username).toBe('member');
      expect((await call(b.url, 'POST', '/api/auth/logout', { token, body: {} })).status).toBe(200);
      expect((await call(b.url, 'GET', '/api/auth/me', { token })).status).toBe(401);
      await untilStatus(a, '/api/auth/me', token, 401);
    });

    it("a role change through one hub applies on the other, which had the person's session cached", async () => {
      const [a, b] = hubs;
      const admin = (await signIn(b.url, 'admin')).token;
      const { token } = await signIn(a.url, 'guest');
      const before = await call(a.url, 'GET', '/api/auth/me', { token });
      expect(before.body.data.user.role.name).toBe('Guest');
      const [role] = await query<{ id: number }>(`select id from roles where name = 'Admin'`);
      const id: number = before.body.data.user.id;
      expect((await call(b.url, 'PUT', `/api/admin/users/${id}/role`, { token: admin, body: { role_id: role.id } })).status).toBe(200);
      await untilStatus(a, '/api/auth/me', token, 200, (body) => body.data.user.role.name === 'Admin');
      const [guestRole] = await query<{ id: number }>(`select id from roles where name = 'Guest'`);
      expect((await call(b.url, 'PUT', `/api/admin/users/${id}/role`, { token: admin, body: { role_id: guestRole.id } })).status).toBe(200);
      await untilStatus(a, '/api/auth/me', token, 200, (body) => body.data.user.role.name === 'Guest');
    });

    it('the same edit of one objective through both hubs at once: exactly one 2xx and one 409', { timeout: 180_000 }, async () => {
      const [a, b] = hubs;
      const { token } = await signIn(a.url, 'member');
      const choices = await call(a.url, 'GET', '/api/objective/choices', { token });
      const me = await call(a.url, 'GET', '/api/auth/me', { token });
      const created = await call(a.url, 'POST', '/api/objective', {
        token,
        body: {
          title: 'Contended', team_id: choices.body.data.teams[0].id, owner_id: me.body.data.user.id, description: 'edited from two hubs',
          category: 'Technology', subcategory: 'Development', priority: 'medium',
        },
      });
      expect(created.status).toBe(200);
      const id: number = created.body.data.id;
      for (let round = 0; round < 10; round++) {
        const current = await call(b.url, 'GET', `/api/objective/${id}`, { token });
        const since = current.body.data.last_modification_date;
        const [viaA, viaB] = await Promise.all([
          call(a.url, 'PUT', `/api/objective/${id}`, { token, body: { title: `round ${round} via a`, last_modification_date: since } }),
          call(b.url, 'PUT', `/api/objective/${id}`, { token, body: { title: `round ${round} via b`, last_modification_date: since } }),
        ]);
        expect([viaA.status, viaB.status].sort()).toEqual([200, 409]);
        const winner = viaA.status === 200 ? viaA : viaB;
        const loser = viaA.status === 409 ? viaA : viaB;
        expect(loser.body.errors[0].message).toBeTruthy();
        const after = await call(a.url, 'GET', `/api/objective/${id}`, { token });
        expect(after.body.data.title).toBe(winner.body.data.title);
      }
    });

    it('the scheduled imports and the retention job run once across both hubs', { timeout: 180_000 }, async () => {
      // each hub ticks every job 10 s after it starts listening; the lease lets one of them run it
      const firstTicks = listening + 10_000;
      const finished = async () => (await query<{ n: number }>(`select count(distinct source)::int as n from import_runs where status <> 'running'`))[0].n;
      while (Date.now() < firstTicks + 3_000 || (await finished()) < 3) {
        if (Date.now() > firstTicks + 90_000) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const runs = await query<{ source: string; n: number }>('select source, count(*)::int as n from import_runs group by source order by source');
      expect(runs).toEqual([
        { source: 'holidays', n: 1 },
        { source: 'timetracking:month', n: 1 },
        { source: 'timetracking:today', n: 1 },
      ]);
      expect(sourceHits.filter((u) => u.startsWith('/hours'))).toHaveLength(2);
      expect(sourceHits.filter((u) => u.startsWith('/holidays'))).toHaveLength(1);
      // the daily retention job ticked on both hubs too, and ran on one, named by its host and address
      const retentionRuns = () => query<{ hub: string; status: string }>('select hub, status from retention_runs');
      await expect.poll(async () => (await retentionRuns()).map((run) => run.status), { timeout: 30_000 }).toEqual(['succeeded']);
      const retention = await retentionRuns();
      expect(hubs.map((hub) => hub.url).some((url) => retention[0].hub.endsWith(` ${url}`))).toBe(true);
    });

    it('both stop cleanly on SIGTERM', async () => {
      const exits = await Promise.all(hubs.map((hub) => hub.kill('SIGTERM')));
      for (const exit of exits) expect(exit).toEqual({ code: 0, signal: null });
    });
  });
} else {
  describe('two hub processes on one PGlite folder', () => {
    let target: HubTarget;
    let first: HubProcess | undefined;

    beforeAll(async () => {
      target = await freshTarget('hub-two');
    });
    afterAll(async () => {
      await first?.kill('SIGKILL');
      await target?.drop();
    });

    it('the second is refused with a clear message and the first keeps serving', { timeout: 180_000 }, async () => {
      first = await startHubProcess({ target });
      const second = startHubProcess({ target });
      await expect(second).rejects.toThrow(/in use by another hub process \(pid \d+\)/);
      const { token } = await signIn(first.url, 'member');
      expect((await call(first.url, 'GET', '/api/auth/me', { token })).status).toBe(200);
      expect(await first.kill('SIGTERM')).toEqual({ code: 0, signal: null });
      first = undefined;
    });
  });
}
