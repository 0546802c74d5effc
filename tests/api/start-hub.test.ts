import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startHub, type RunningHub } from '../../server/start';

// design §5: startHub opens, migrates and seeds the database, then listens;
// HUB_DEMO=0 gives one bootstrap admin. PGlite in a folder here, PostgreSQL in 'api-pg'.
let hub: RunningHub;
let cleanup: () => Promise<void>;

async function target(): Promise<{ dataDir?: string; databaseUrl?: string; drop: () => Promise<void> }> {
  const serverUrl = inject('databaseUrl');
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-start-'));
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `hub_start_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

beforeAll(async () => {
  const where = await target();
  cleanup = where.drop;
  hub = await startHub({ port: 0, dataDir: where.dataDir, databaseUrl: where.databaseUrl, demo: false, adminUsername: 'boss', adminPassword: 'first-secret', webRoot: null, logger: false });
});
afterAll(async () => {
  await hub?.close();
  await cleanup?.();
});

describe('startHub with HUB_DEMO=0', () => {
  it('listens on loopback and is healthy', async () => {
    expect(hub.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${hub.url}/api/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.database).toBe(hub.database.engine);
  });

  it('created only the bootstrap admin, who signs in with the configured password', async () => {
    const res = await fetch(`${hub.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'boss', password: 'first-secret' }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.user).toMatchObject({ username: 'boss', access_label: 'Admin' });
    const demo = await fetch(`${hub.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'member', password: 'demo' }),
    });
    expect(demo.status).toBe(401);
  });

  it('close() stops listening and can be called twice', async () => {
    const url = hub.url;
    await hub.close();
    await hub.close();
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});
