import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, several projects, one summary line at the end of `npm test`.

/** One file per core for the Node-only suites (HUB_TEST_WORKERS to choose). */
const NODE_WORKERS = Number(process.env.HUB_TEST_WORKERS ?? Math.max(1, availableParallelism()));
const UNIT_FILES = ['shared/**/*.test.ts', 'server/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'];
/**
 * The unit files that replace a module, a global or the clock: each runs in a fresh module
 * registry ('unit-isolated'). The others share one per worker ('unit'): loading the modules again
 * for each of 130 files was four fifths of the project's time.
 */
const UNIT_MOCKING = UNIT_FILES.flatMap((pattern) => globSync(pattern, { exclude: (file) => file.includes('node_modules') }))
  .filter((file) => /\bvi\.(mock|doMock|stubGlobal|stubEnv|hoisted|resetModules|useFakeTimers)\b/.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    // Groups, one after the other. First the suites that are Node alone (unit, the API on PGlite
    // and on PostgreSQL, the main process): one file per core, since each file keeps one core
    // busy. Then the ones that drive browsers or fleets of hub processes (e2e, then deploy): one
    // file at a time, since one such file already wants both cores (measured with two at once,
    // every file took about twice as long).
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          maxWorkers: NODE_WORKERS,
          environment: 'node',
          include: UNIT_FILES,
          exclude: UNIT_MOCKING,
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          sequence: { groupOrder: 0 },
          maxWorkers: NODE_WORKERS,
          environment: 'node',
          include: UNIT_MOCKING,
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 0 },
          maxWorkers: NODE_WORKERS,
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // A worker loads the hub's modules once for all its files: each file starts and closes
          // hubs of its own, and loading the hub again for each of 86 files was a third of the
          // project's time. So a file may not mock a module (the others would get the mock).
          isolate: false,
          // each file's database starts from a dump made once (tests/support/database-templates.ts)
          globalSetup: ['tests/support/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same API suite against a real PostgreSQL server. The global setup
        // starts a throwaway cluster on a free loopback port, or uses DATABASE_URL if set.
        test: {
          name: 'api-pg',
          sequence: { groupOrder: 0 },
          maxWorkers: NODE_WORKERS,
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          isolate: false, // as above
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'main',
          sequence: { groupOrder: 0 },
          maxWorkers: NODE_WORKERS,
          environment: 'node',
          include: ['tests/main/**/*.test.ts', 'electron/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Several hubs behind a proxy (docs/operations.md 'Several hubs behind nginx'): Debian's
        // nginx with deploy/nginx/bitstone-hub.conf in front of three hub processes on a throwaway
        // PostgreSQL, through https with a throwaway CA.
        test: {
          name: 'deploy',
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['tests/deploy/**/*.test.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-global-setup.ts'],
          // Each file holds a demo hub to itself while it runs (e2e-hub-lease.ts; as many hubs as
          // workers), so one file's admin changes (roles, archived members) never race another
          // file's sign-ins. One file at a time, as above. No retry: a failure is a bug to find (the
          // last one was a dialog resetting itself mid-save), not a hiccup.
          setupFiles: ['tests/support/e2e-hub-lease.ts'],
          // a screen on a busy machine can take seconds to show what the hub pushed: expect.poll's
          // default of 1 s failed there on tests that pass (one may still pass its own)
          expect: { poll: { timeout: 10_000 } },
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
