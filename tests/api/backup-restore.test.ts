import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../shared/rules/dates';
import { findPgBin } from '../support/postgres-cluster';
import { call, freshTarget, runCli, signIn, startHubProcess, type HubProcess, type HubTarget } from '../support/hub-process';

// `hub backup FILE` / `hub restore FILE` for the embedded database (project 'api'), and
// the README's pg_dump / pg_restore for PostgreSQL (project 'api-pg'): back up the demo hub with
// a new objective, restore into an empty place, start a hub there, and the member sees the same.

type Listed = Array<{ id: number; title: string; status: string }>;

/** Every objective the member sees, in id order. */
async function memberObjectives(base: string): Promise<Listed> {
  const { token } = await signIn(base, 'member');
  const out: Listed = [];
  for (let page = 1; ; page++) {
    const res = await call(base, 'GET', `/api/objective?limit=100&page=${page}`, { token });
    expect(res.status).toBe(200);
    for (const o of res.body.data.items) out.push({ id: o.id, title: o.title, status: o.status });
    if (page * 100 >= res.body.data.total) break;
  }
  return out.sort((a, b) => a.id - b.id);
}

/** The demo hub with one objective written after seeding; returns what the member sees. */
async function demoHubWithAWrite(hub: HubProcess): Promise<Listed> {
  const { token } = await signIn(hub.url, 'member');
  const choices = await call(hub.url, 'GET', '/api/objective/choices', { token });
  const me = await call(hub.url, 'GET', '/api/auth/me', { token });
  const created = await call(hub.url, 'POST', '/api/objective', {
    token,
    body: {
      title: 'Written before the backup', team_id: choices.body.data.teams[0].id, owner_id: me.body.data.user.id, description: 'must come back',
      category: 'Technology', subcategory: 'Development', priority: 'medium', deadline: isoDay(),
    },
  });
  expect(created.status).toBe(200);
  const seen = await memberObjectives(hub.url);
  expect(seen.map((o) => o.title)).toContain('Written before the backup');
  return seen;
}

let source: HubTarget;
let restored: HubTarget;
let work: string;
const running: HubProcess[] = [];

beforeAll(async () => {
  source = await freshTarget('hub-backup');
  restored = await freshTarget('hub-restored');
  work = mkdtempSync(path.join(os.tmpdir(), 'hub-backup-file-'));
});
afterAll(async () => {
  await Promise.all(running.map((hub) => hub.kill('SIGKILL')));
  await source?.drop();
  await restored?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a backup restored into an empty place serves the member the same objectives', { timeout: 300_000 }, async () => {
    const hub = await startHubProcess({ target: source });
    running.push(hub);
    const before = await demoHubWithAWrite(hub);
    const file = path.join(work, source.engine === 'pglite' ? 'hub.tgz' : 'hub.dump');

    if (source.engine === 'pglite') {
      // a copy taken under a running hub would not be consistent: refused while it runs
      const busy = await runCli(['backup', file], source);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/in use by another hub process/);
      expect(await hub.kill('SIGTERM')).toEqual({ code: 0, signal: null });

      const made = await runCli(['backup', file], source);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      expect(made.stdout).toMatch(/^backed up .* \(\d+\.\d MB\)/);

      // restore only into an empty folder: the source folder itself is refused and left alone
      const refused = await runCli(['restore', file], source);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is not empty: restore loads a backup into an empty folder only/);
      const loaded = await runCli(['restore', file], restored);
      expect(loaded.code).toBe(0);
      expect(loaded.stdout).toMatch(/: \d+ users, \d+ objectives/);
    } else {
      // PostgreSQL: the CLI points to pg_dump, and the README's commands do the job
      const refused = await runCli(['backup', file], source);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/on PostgreSQL use pg_dump/);
      const bin = findPgBin();
      expect(bin).toBeTruthy();
      execFileSync(path.join(bin!, 'pg_dump'), ['--format=custom', `--file=${file}`, source.databaseUrl!], { stdio: 'pipe' });
      expect(await hub.kill('SIGTERM')).toEqual({ code: 0, signal: null });
      execFileSync(path.join(bin!, 'pg_restore'), ['--no-owner', `--dbname=${restored.databaseUrl}`, file], { stdio: 'pipe' });
    }

    const again = await startHubProcess({ target: restored });
    running.push(again);
    expect(await memberObjectives(again.url)).toEqual(before);
    expect(await again.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('restore refuses a file that is not a backup, and a missing file, with a message', { timeout: 120_000 }, async () => {
    const junk = path.join(work, 'junk.tgz');
    writeFileSync(junk, 'not a backup');
    const empty = { dataDir: path.join(work, 'empty-data') };
    const [bad, missing, usage] = await Promise.all([
      runCli(['restore', junk], empty),
      runCli(['restore', path.join(work, 'nope.tgz')], empty),
      runCli(['backup'], empty),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/is not a hub backup/);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/There is no backup file/);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/usage: hub backup FILE/);
  });
});
