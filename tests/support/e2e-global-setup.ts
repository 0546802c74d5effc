import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startHub, type RunningHub } from '../../server/start';

// The browser suite drives the real thing: the renderer built once, served by real hubs with
// the demo company on fresh PGlite folders (design §1 web build, §6 e2e). A file has a hub to
// itself while it runs (tests/support/e2e-hub-lease.ts), so one file's admin changes (roles,
// archived members) never race another's sign-ins; there are as many hubs as files run at once,
// each in a process of its own so that two hubs' queries do not share one thread.

declare module 'vitest' {
  export interface ProvidedContext {
    /** the demo hubs' addresses, and the folder whose locks say which one a file holds */
    e2eHubs: { urls: string[]; leaseDir: string };
  }
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * Where the e2e build goes: dist/renderer, or E2E_WEB_ROOT for a second run in the same checkout at
 * the same time (one run's build emptying the folder would leave the other's hub serving nothing).
 */
export const WEB_ROOT = path.resolve(process.env.E2E_WEB_ROOT ?? 'dist/renderer');

export function buildRenderer(): void {
  // vitest runs with NODE_ENV=test, which would give React's development build.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', WEB_ROOT, '--emptyOutDir'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

export async function startE2eHub(): Promise<{ hub: RunningHub; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-e2e-'));
  // a releases folder, empty until admin-desktop.test.ts publishes one through Admin → Desktop app
  const hub = await startHub({ port: 0, dataDir, demo: true, webRoot: WEB_ROOT, logger: false, releasesDir: path.join(dataDir, 'releases') });
  return {
    hub,
    stop: async () => {
      await hub.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** startE2eHub in a child process (e2e-hub-main.ts); resolves with its address once it listens. */
function startE2eHubProcess(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'e2e-hub-main.ts')], { env: { ...process.env, E2E_WEB_ROOT: WEB_ROOT }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const found = /^e2e hub on (http:\/\/\S+)$/m.exec(out);
      if (found) {
        resolve({
          url: found[1],
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    void exited.then(() => reject(new Error(`an e2e hub exited before listening:\n${out}`)));
  });
}

export default async function setup(project: TestProject) {
  buildRenderer();
  const count = Math.max(1, Number(process.env.E2E_HUBS ?? project.config.maxWorkers ?? 1));
  const hubs = await Promise.all(Array.from({ length: count }, () => startE2eHubProcess()));
  const leaseDir = mkdtempSync(path.join(os.tmpdir(), 'hub-e2e-leases-'));
  project.provide('e2eHubs', { urls: hubs.map((hub) => hub.url), leaseDir });
  return async () => {
    await Promise.all(hubs.map((hub) => hub.stop()));
    rmSync(leaseDir, { recursive: true, force: true });
  };
}
