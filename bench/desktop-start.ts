import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PREPARED_MANIFEST, type PreparedManifest } from '../server/db/prepared-data';

// "Desktop start": how long the embedded hub takes until /api/health answers, started the
// way electron/embedded-hub.ts starts it (the bundled dist/server/hub.mjs in its own process,
// HUB_DATA_DIR, PORT=0, HUB_MIGRATIONS_DIR). child_process.fork stands in for utilityProcess,
// which needs the Electron binary. Cold: a new data folder, which the hub fills from the database
// prepared at build time (dist/server/prepared-demo.tgz unpacked, then the migrations,
// a no-op). Warm: the same folder again. Cold without it: a new folder made the old way (PGlite
// initdb, migrations, demo seed), for comparison. PGlite alone (open + waitReady) is the baseline
// the hub should not add much to. The window does not wait for any of this: it shows the login
// form at once. Targets (bench/README.md): cold ≤ 4 s, warm ≤ 2 s.
//
//   npm run build:server && npx tsx bench/desktop-start.ts [warm runs, default 3]

const ENTRY = path.resolve('dist/server/hub.mjs');
const WARM_RUNS = Number(process.argv[2] ?? 3);

/** cpuMs: the hub process's CPU time (user + system) until it listened; Linux only, else NaN */
interface Run { readyMs: number; healthyMs: number; stopMs: number; cpuMs: number }

/**
 * On a shared machine the wall-clock figures swing with the other work (the same warm start took
 * 1.2 s and 8 s ten minutes apart at load 7-25); the CPU the start used moves far less.
 */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return Number.NaN;
  }
}

async function startHub(dataDir: string, preparedDir?: string): Promise<Run> {
  const started = performance.now();
  const child = fork(ENTRY, [], {
    // not this script's own flags: under `tsx` they would load tsx's hooks into the hub too, which
    // cost its start ~1 s (utilityProcess starts a plain Node)
    execArgv: [],
    env: {
      ...process.env, HUB_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', HUB_MIGRATIONS_DIR: path.resolve('dist/server/migrations'),
      ...(preparedDir ? { HUB_PREPARED_DIR: preparedDir } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let cpuMs = 0;
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    // Without Electron's parentPort the entry prints its address instead of posting 'ready'.
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /embedded\) on (http:\/\/[\d.:]+)/.exec(out);
      if (match && !cpuMs) {
        cpuMs = cpuMsOf(child.pid);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`hub exited with ${code}:\n${out}`)));
  });
  const readyMs = performance.now() - started;
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const healthyMs = performance.now() - started;
  const stopStarted = performance.now();
  await stop(child);
  return { readyMs, healthyMs, stopMs: performance.now() - stopStarted, cpuMs };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** PGlite on its own, in a fresh process like the hub, for comparison. */
function pgliteAlone(dataDir: string): Promise<number> {
  const script = `
    const t = performance.now();
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(${JSON.stringify(dataDir)});
    await db.waitReady;
    await db.query('select 1');
    console.log(performance.now() - t);
    await db.close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`pglite exited with ${code}`))));
  });
}

/**
 * dist/server's prepared database as a build five weeks old would ship it, so the first start also
 * moves the demo's dates on (server/db/seed/move-demo-dates.ts), as it does for nearly every user.
 */
function agedPrepared(root: string): string {
  const built = path.resolve('dist/server');
  const aged = path.join(root, 'prepared-aged');
  mkdirSync(aged);
  const manifest = JSON.parse(readFileSync(path.join(built, PREPARED_MANIFEST), 'utf8')) as PreparedManifest;
  for (const file of [manifest.demo, manifest.empty]) symlinkSync(path.join(built, file), path.join(aged, file));
  const seededAt = new Date(Date.parse(manifest.seededAt) - 35 * 24 * 60 * 60 * 1000).toISOString();
  writeFileSync(path.join(aged, PREPARED_MANIFEST), JSON.stringify({ ...manifest, seededAt }));
  return aged;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!existsSync(ENTRY)) {
  console.error('dist/server/hub.mjs is missing: run `npm run build:server` first.');
  process.exit(1);
}
const root = mkdtempSync(path.join(tmpdir(), 'hub-bench-'));
const loadAtStart = loadavg()[0];
try {
  const dataDir = path.join(root, 'hub-data');
  const cold = await startHub(dataDir);
  const coldAged = await startHub(path.join(root, 'hub-data-aged'), agedPrepared(root));
  const warm: Run[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await startHub(dataDir));
  // a folder with no prepared-data.json: the hub makes its database itself
  const unprepared = await startHub(path.join(root, 'hub-data-unprepared'), root);
  const pgCold = await pgliteAlone(path.join(root, 'pglite-only'));
  const pgWarm = await pgliteAlone(path.join(root, 'pglite-only'));

  console.log(`Embedded hub start (fork of dist/server/hub.mjs until /api/health answers); load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`);
  console.log(`  cold (new data folder, from the prepared database): ready ${s(cold.readyMs)}, healthy ${s(cold.healthyMs)}, stop ${s(cold.stopMs)}, cpu ${s(cold.cpuMs)}`);
  console.log(`  cold from a build five weeks old (the demo's dates moved on 35 days): healthy ${s(coldAged.healthyMs)}, cpu ${s(coldAged.cpuMs)}`);
  console.log(`  warm (existing data folder), median of ${warm.length}: ready ${s(median(warm.map((r) => r.readyMs)))}, healthy ${s(median(warm.map((r) => r.healthyMs)))}, stop ${s(median(warm.map((r) => r.stopMs)))}, cpu ${s(median(warm.map((r) => r.cpuMs)))}`);
  console.log(`     runs: ${warm.map((r) => s(r.healthyMs)).join(', ')}`);
  console.log(`  cold without the prepared database (initdb, migrations, demo seed): healthy ${s(unprepared.healthyMs)}, cpu ${s(unprepared.cpuMs)}`);
  console.log(`  PGlite alone (new process, open + select 1): new folder (its initdb) ${s(pgCold)}, existing folder ${s(pgWarm)}`);
  console.log(`  the hub adds to PGlite's own open of an existing folder: ${s(median(warm.map((r) => r.healthyMs)) - pgWarm)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
