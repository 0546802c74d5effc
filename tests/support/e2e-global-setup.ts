import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startHub, type RunningHub } from '../../server/start';

// The browser suite drives the real thing: the renderer built once, served by a real hub with
// the demo company on a fresh PGlite folder (design §1 web build, §6 e2e).

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

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

export default async function setup(project: TestProject) {
  buildRenderer();
  const { hub, stop } = await startE2eHub();
  project.provide('baseUrl', hub.url);
  return stop;
}
