import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedHub, type UtilityProcessApi } from '../../electron/embedded-hub';
import { HubClient } from '../../electron/hub-client';
import { EMBEDDED_HUB_KEY, HubConnection } from '../../electron/hub-connection';
import { createSettingsStore } from '../../electron/settings';
import { memoryKeyValueStore, memoryTokenStore } from '../../electron/token-store';
import type { HubStatus } from '../../shared/hub-status';

vi.mock('electron', () => ({}));

// Recovery with the real built-in hub: server/embedded-entry.ts on a PGlite folder,
// forked by Node as Electron's utilityProcess would (tests/main/support/utility-process-shim.mjs).
// The process is killed the hard way; the supervisor starts another, on another port, on the same
// data, and the session signed in before the crash still works.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHIM = path.join(ROOT, 'tests/main/support/utility-process-shim.mjs');
const ENTRY = pathToFileURL(path.join(ROOT, 'server/embedded-entry.ts')).href;

/** utilityProcess.fork over child_process.fork: the same events, the same messages. */
const processes: ReturnType<typeof fork>[] = [];
const nodeUtilityProcess = {
  fork: (_modulePath: string, _args: string[], options: { env?: NodeJS.ProcessEnv }) => {
    const child = fork(SHIM, [ENTRY], { cwd: ROOT, env: { ...options.env, HUB_IMPORTS: '0', HUB_RELEASES_DIR: '0' }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    processes.push(child);
    return {
      on(event: 'message' | 'exit', listener: (...args: unknown[]) => void) {
        if (event === 'exit') child.on('exit', (code, signal) => listener(code ?? (signal === 'SIGKILL' ? 137 : 143)));
        else child.on('message', listener);
        return this;
      },
      postMessage: (message: unknown) => void child.send(message as object),
      kill: () => child.kill('SIGTERM'),
    };
  },
} as unknown as UtilityProcessApi;

let dataRoot: string | undefined;
let conn: HubConnection | undefined;
afterAll(async () => {
  await conn?.stop();
  for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
});

describe('the real built-in hub, killed', () => {
  it('is restarted on a new port with the same data, and the session signed in before still works', async () => {
    dataRoot = await mkdtemp(path.join(os.tmpdir(), 'hub-recovery-pglite-'));
    const statuses: HubStatus[] = [];
    const logs: string[] = [];
    conn = new HubConnection({
      settings: createSettingsStore(memoryKeyValueStore()),
      tokenPersistence: 'memory',
      startEmbedded: () => startEmbeddedHub({ utilityProcess: nodeUtilityProcess, entryPath: ENTRY, dataDir: path.join(dataRoot as string, 'hub-data'), startTimeoutMs: 120_000 }),
      onHubStatus: (status) => statuses.push(status),
      log: (message) => logs.push(message),
      restartPolicy: { firstDelayMs: 200 },
    });
    const live = conn;
    const tokens = memoryTokenStore();
    const hub = new HubClient({ fetch, resolveTarget: () => live.target(), tokens });

    const first = (await live.target()).url;
    const signedIn = await hub.login('admin', 'demo');
    expect(signedIn.user?.username).toBe('admin');
    const token = tokens.get(EMBEDDED_HUB_KEY);
    expect(token).toBeTruthy();

    processes[0].kill('SIGKILL');
    await vi.waitFor(() => expect(live.hubStatus().state).toBe('restarting'), { timeout: 10_000 });
    expect(logs).toContain('The built-in hub exited with code 137.');
    await vi.waitFor(() => expect(live.hubStatus().state).toBe('running'), { timeout: 90_000, interval: 100 });

    const second = (await live.target()).url;
    expect(second).not.toBe(first);
    expect(processes).toHaveLength(2);
    // the same token, kept under the built-in hub's key, on the new process
    expect(tokens.get(EMBEDDED_HUB_KEY)).toBe(token);
    const state = await hub.state();
    expect(state).toMatchObject({ signedIn: true, user: { username: 'admin' } });
    expect(statuses.map((s) => s.state)).toEqual(['running', 'restarting', 'restarting', 'running']);

    // and the quit that follows stops it for good
    await live.stop();
    expect(processes[1].exitCode).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(processes).toHaveLength(2);
  }, 240_000);
});
