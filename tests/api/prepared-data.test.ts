import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writePreparedData } from '../../scripts/prepared-data';
import { MIGRATIONS_DIR, rowsOf, type Db } from '../../server/db/client';
import { findPreparedDump, PREPARED_MANIFEST, unpackPreparedDump, type PreparedManifest } from '../../server/db/prepared-data';
import { startHub, type RunningHub } from '../../server/start';
import { camelize } from '../../shared/api/case';
import { healthResponseSchema } from '../../shared/api/health';
import { loginResponseSchema } from '../../shared/api/auth';
import { freshTarget, type HubTarget } from '../support/hub-process';

// A new data folder of the embedded hub starts from the database prepared at build time
// (scripts/prepared-data.ts) instead of PGlite's initdb, the migrations and the seed; a folder that
// holds a database is never touched. PGlite folders here; in 'api-pg' a PostgreSQL hub ignores it.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The dumps are made as if built three weeks and two days ago: the first start moves the demo 21 days on. */
const BUILT_DAYS_AGO = 23;
/** a hub or two started per test, on a machine the whole suite keeps busy */
const HUB_TEST_TIMEOUT = 90_000;

let root: string;
let preparedDir: string;
let manifest: PreparedManifest;
const hubs: RunningHub[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'hub-prepared-'));
  preparedDir = path.join(root, 'prepared');
  mkdirSync(preparedDir);
  manifest = await writePreparedData(preparedDir, new Date(Date.now() - BUILT_DAYS_AGO * DAY_MS));
}, 180_000);
afterAll(async () => {
  for (const hub of hubs) await hub.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startHub>[0]): Promise<RunningHub> {
  const hub = await startHub({ port: 0, webRoot: null, logger: false, preparedDir, ...options });
  hubs.push(hub);
  return hub;
}

async function stop(hub: RunningHub): Promise<void> {
  await hub.close();
  hubs.splice(hubs.indexOf(hub), 1);
}

async function signInStatus(hub: RunningHub, username: string, password: string): Promise<number> {
  const res = await fetch(`${hub.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (res.status === 200) expect(loginResponseSchema.parse(camelize(await res.json())).data.user.username).toBe(username);
  return res.status;
}

interface Journal { entries: Array<{ tag: string; when: number }> }
const journal = (): Journal => JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The newest seeded login and the last day of seeded hours, a timestamp and a date column. */
async function demoDates(db: Db | PGlite): Promise<{ lastLogin: number; lastHours: string }> {
  const query = 'select (select max(created_at) from login_events) as last_login, (select max(date)::text from timetracking_tasks) as last_hours';
  const row = db instanceof PGlite
    ? (await db.query<{ last_login: Date; last_hours: string }>(query)).rows[0]
    : rowsOf<{ last_login: Date | string; last_hours: string }>(await db.execute(sql.raw(query)))[0];
  return { lastLogin: new Date(row.last_login).getTime(), lastHours: row.last_hours };
}

const addDays = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

if (inject('databaseUrl')) {
  describe('the prepared database on PostgreSQL', () => {
    let target: HubTarget;
    afterAll(async () => {
      await target?.drop();
    });

    it('is not used: a PostgreSQL hub migrates and seeds its database itself', async () => {
      target = await freshTarget('hub_prepared');
      const hub = await start({ databaseUrl: target.databaseUrl });
      expect(hub.database.unpacked).toBeUndefined();
      expect(await signInStatus(hub, 'member', 'demo')).toBe(200);
      await stop(hub);
    });
  });
} else {
  describe('a new PGlite data folder of the embedded hub', () => {
    it('starts from the prepared demo: the demo company, the newest migration, its dates moved on by whole weeks', async () => {
      const hub = await start({ dataDir: path.join(root, 'demo') });
      expect(hub.database.unpacked).toMatchObject({ demo: true, migration: manifest.migration });
      const { entries } = journal();
      expect(manifest.migration).toBe(entries[entries.length - 1].tag);
      const health = healthResponseSchema.parse(camelize(await (await fetch(`${hub.url}/api/health`)).json()));
      expect(health.data).toMatchObject({ status: 'ok', database: 'pglite', migrations: entries.length });
      const newest = rowsOf<{ created_at: string }>(await hub.database.db.execute(sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`));
      expect(Number(newest[0].created_at)).toBe(entries[entries.length - 1].when);

      const dump = new PGlite({ loadDataDir: new Blob([readFileSync(path.join(preparedDir, manifest.demo))]) });
      const asBuilt = await demoDates(await dump.waitReady.then(() => dump));
      await dump.close();
      const moved = await demoDates(hub.database.db);
      expect(moved.lastLogin - asBuilt.lastLogin).toBe(21 * DAY_MS);
      expect(moved.lastHours).toBe(addDays(asBuilt.lastHours, 21));
      // what the triggers keep, moved without them, still agrees with the dates (migrations 0004, 0007)
      const stale = rowsOf<{ overdue: number; counts: number }>(await hub.database.db.execute(sql`select
        (select count(*)::int from objectives where overdue_after is distinct from objective_overdue_after(status, deadline, last_modification_date)) as overdue,
        (select count(*)::int from objectives o cross join lateral (
          select count(*)::int as total,
            (count(*) filter (where k.status = 'completed' and not k.last_modification_date::date > k.deadline))::int as in_time,
            (count(*) filter (where k.status = 'completed' and k.last_modification_date::date > k.deadline))::int as overdue
          from key_results k where k.objective_id = o.id and k.status <> 'deleted') k
          where (o.kr_total, o.kr_in_time, o.kr_overdue) is distinct from (k.total, k.in_time, k.overdue)) as counts`));
      expect(stale).toEqual([{ overdue: 0, counts: 0 }]);
      // after the dates: a sign-in is a login event of today
      expect(await signInStatus(hub, 'member', 'demo')).toBe(200);
      await stop(hub);
    }, HUB_TEST_TIMEOUT);

    it('with HUB_DEMO=0 starts from the schema alone and gets its bootstrap admin', async () => {
      const hub = await start({ dataDir: path.join(root, 'no-demo'), demo: false, adminUsername: 'boss', adminPassword: 'first-secret' });
      expect(hub.database.unpacked).toMatchObject({ demo: false, migration: manifest.migration });
      expect(await signInStatus(hub, 'boss', 'first-secret')).toBe(200);
      expect(await signInStatus(hub, 'member', 'demo')).toBe(401);
      await stop(hub);
    }, HUB_TEST_TIMEOUT);

    it('that already holds a database is left as it is: nothing unpacked, moved or seeded again', async () => {
      const dataDir = path.join(root, 'kept');
      const first = await start({ dataDir });
      await first.database.db.execute(sql`insert into settings (key, value) values ('preparedProbe', '"kept"')`);
      const before = await demoDates(first.database.db);
      await stop(first);

      const again = await start({ dataDir });
      expect(again.database.unpacked).toBeUndefined();
      const probe = rowsOf<{ value: unknown }>(await again.database.db.execute(sql`select value from settings where key = 'preparedProbe'`));
      expect(probe).toEqual([{ value: 'kept' }]);
      expect(await demoDates(again.database.db)).toEqual(before);
      await stop(again);
    }, HUB_TEST_TIMEOUT);
  });

  describe('the prepared database files', () => {
    it('are not unpacked over a folder that holds a database, even a foreign one', () => {
      const dataDir = path.join(root, 'foreign');
      mkdirSync(dataDir);
      writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
      expect(unpackPreparedDump(path.join(preparedDir, manifest.demo), dataDir)).toBe(false);
      expect(readdirSync(dataDir)).toEqual(['PG_VERSION']);
    });

    it('are not used when made with a migration this hub does not know, nor where none were built', () => {
      const newer = path.join(root, 'newer-build');
      cpSync(preparedDir, newer, { recursive: true });
      writeFileSync(path.join(newer, PREPARED_MANIFEST), JSON.stringify({ ...manifest, migration: '9999_from-a-newer-build' }));
      expect(findPreparedDump(newer, MIGRATIONS_DIR, true)).toEqual({ skipped: expect.stringContaining('9999_from-a-newer-build') });
      expect(findPreparedDump(path.join(root, 'nowhere'), MIGRATIONS_DIR, true)).toBeNull();
      expect(findPreparedDump(preparedDir, MIGRATIONS_DIR, false)).toMatchObject({ dump: { demo: false, file: path.join(preparedDir, manifest.empty) } });
    });
  });
}
