import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmbeddedHub, type UtilityProcessApi } from '../../electron/embedded-hub';
import { HubClient } from '../../electron/hub-client';
import { EMBEDDED_HUB_KEY, HubConnection } from '../../electron/hub-connection';
import { restartDelay, RESTART_POLICY } from '../../electron/hub-supervisor';
import { createSettingsStore } from '../../electron/settings';
import { memoryKeyValueStore, memoryTokenStore } from '../../electron/token-store';
import { HubError } from '../../shared/api/hub-error';
import type { HubStatus } from '../../shared/hub-status';

vi.mock('electron', () => ({}));

// Recovery of the built-in hub (docs/architecture.md, 'The embedded hub'): its processes come
// and go; the supervisor keeps one running.
// Every process is a fake utilityProcess child, time is vitest's: a restart's pause is a number here.

/** One hub process: says ready on a port of its own, exits when told (or asked to stop). */
class FakeChild extends EventEmitter {
  posted: unknown[] = [];
  killed = false;
  exited = false;
  constructor(readonly port: number) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
    if ((message as { type?: string }).type === 'stop') setTimeout(() => this.exit(0), 5);
  }
  kill() {
    this.killed = true;
    setTimeout(() => this.exit(143), 1);
    return true;
  }
  ready() {
    this.emit('message', { type: 'ready', url: `http://127.0.0.1:${this.port}` });
  }
  exit(code: number) {
    if (this.exited) return;
    this.exited = true;
    this.emit('exit', code);
  }
}

function rig(options: { maxFailures?: number } = {}) {
  const children: FakeChild[] = [];
  const statuses: HubStatus[] = [];
  const logs: string[] = [];
  const utilityProcess = {
    fork: vi.fn(() => {
      const child = new FakeChild(40_000 + children.length);
      children.push(child);
      return child;
    }),
  } as unknown as UtilityProcessApi;
  const healthy = async () => new Response('{"data":{"ok":true}}', { status: 200 });
  const settings = createSettingsStore(memoryKeyValueStore());
  const conn = new HubConnection({
    settings,
    tokenPersistence: 'encrypted',
    startEmbedded: () => startEmbeddedHub({ utilityProcess, entryPath: '/app/hub.mjs', dataDir: '/u/hub-data', fetch: healthy, healthIntervalMs: 5, stopTimeoutMs: 50, startTimeoutMs: 10_000 }),
    onHubStatus: (status) => statuses.push(status),
    log: (message) => logs.push(message),
    restartPolicy: options.maxFailures ? { maxFailures: options.maxFailures } : undefined,
  });
  /** the newest process */
  const last = () => children[children.length - 1];
  return { conn, children, statuses, logs, last, settings };
}

/** Lets the ready message, the health check and the status change run. */
const settle = () => vi.advanceTimersByTimeAsync(20);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('restart pauses', () => {
  it('double from 1 s with each failure in a row, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => restartDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(RESTART_POLICY).toMatchObject({ healthyAfterMs: 60_000, maxFailures: 6 });
  });
});

describe('hub supervisor', () => {
  it('restarts a hub that exits after it was running, and calls go to the new one with the same token', async () => {
    const { conn, children, statuses, logs, last } = rig();
    conn.start();
    last().ready();
    await settle();
    expect(conn.hubStatus()).toEqual({ state: 'running', attempt: 0, retryInMs: 0, message: null });
    await expect(conn.target()).resolves.toEqual({ key: EMBEDDED_HUB_KEY, url: 'http://127.0.0.1:40000' });

    children[0].exit(139);
    await settle();
    expect(conn.hubStatus()).toEqual({ state: 'restarting', attempt: 1, retryInMs: 1000, message: 'The built-in hub stopped unexpectedly (code 139).' });
    expect(logs).toContain('The built-in hub exited with code 139.');
    expect(conn.settings()).toMatchObject({ activeUrl: null, embeddedStatus: 'starting' });
    expect(conn.hubOrigin()).toBeNull();
    // between processes a call fails at once, as an unreachable hub, and says why
    const down = await conn.target().catch((e: unknown) => e);
    expect(down).toBeInstanceOf(HubError);
    expect((down as HubError).toJSON()).toMatchObject({ status: 0, errors: [{ message: expect.stringMatching(/code 139.*being restarted/) }] });

    await vi.advanceTimersByTimeAsync(1000 - 20 - 1);
    expect(children).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(children).toHaveLength(2);
    // a call made while the new process starts waits for it
    const target = conn.target();
    last().ready();
    await settle();
    await expect(target).resolves.toEqual({ key: EMBEDDED_HUB_KEY, url: 'http://127.0.0.1:40001' });
    expect(conn.hubOrigin()).toBe('http://127.0.0.1:40001');
    expect(statuses.map((s) => [s.state, s.attempt, s.retryInMs])).toEqual([
      ['running', 0, 0],
      ['restarting', 1, 1000],
      ['restarting', 1, 0],
      ['running', 0, 0],
    ]);

    // the token is kept per hub, not per port: the restarted hub (same PGlite data) gets it
    const tokens = memoryTokenStore();
    tokens.set(EMBEDDED_HUB_KEY, 'token-1');
    const seen: Array<{ url: string; auth: string | null }> = [];
    const client = new HubClient({
      tokens,
      resolveTarget: () => conn.target(),
      fetch: async (url, init) => {
        seen.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
        return new Response('{"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await client.request({ method: 'GET', path: '/user/team' });
    expect(seen).toEqual([{ url: 'http://127.0.0.1:40001/api/user/team', auth: 'Bearer token-1' }]);
  });

  it('restarts a hub that fails to start, pausing 1, 2, 4, 8, 16 s, and gives up after 6 failures in a row until Try again', async () => {
    const { conn, children, statuses, logs, last } = rig();
    conn.start();
    const pauses: number[] = [];
    for (let failure = 1; failure <= 6; failure++) {
      expect(children).toHaveLength(failure);
      last().exit(1);
      await settle();
      const status = conn.hubStatus();
      if (status.state === 'restarting') {
        pauses.push(status.retryInMs);
        await vi.advanceTimersByTimeAsync(status.retryInMs);
      }
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(conn.hubStatus()).toEqual({ state: 'failed', attempt: 5, retryInMs: 0, message: 'The built-in hub could not start. It stopped with code 1.' });
    expect(conn.settings().embeddedStatus).toBe('failed');
    expect(logs.filter((l) => l === 'The built-in hub exited with code 1.')).toHaveLength(6);
    expect(logs).toContain('The built-in hub failed 6 times in a row; not restarting it until asked.');

    // given up: neither time nor calls start it again (the window's health poll would)
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const error = await conn.target().catch((e: unknown) => e);
    expect((error as HubError).toJSON()).toMatchObject({ status: 0, errors: [{ message: expect.stringMatching(/^The built-in hub could not be restarted\./) }] });
    expect(children).toHaveLength(6);

    // Try again: at once, and with a fresh row of attempts
    expect(conn.restartEmbedded()).toMatchObject({ state: 'restarting', attempt: 1, retryInMs: 0 });
    expect(children).toHaveLength(7);
    last().exit(1);
    await settle();
    expect(conn.hubStatus()).toMatchObject({ state: 'restarting', attempt: 2, retryInMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    last().ready();
    await settle();
    expect(conn.hubStatus().state).toBe('running');
    expect(statuses.at(-1)).toEqual({ state: 'running', attempt: 0, retryInMs: 0, message: null });
  });

  it('caps the pause at 30 s', async () => {
    const { conn, last } = rig({ maxFailures: 9 });
    conn.start();
    const pauses: number[] = [];
    for (let failure = 1; failure < 9; failure++) {
      last().exit(1);
      await settle();
      pauses.push(conn.hubStatus().retryInMs);
      await vi.advanceTimersByTimeAsync(conn.hubStatus().retryInMs);
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('a hub that ran healthy for a minute starts the pauses again from 1 s', async () => {
    const { conn, last } = rig();
    conn.start();
    last().ready();
    await settle();
    last().exit(1);
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    last().ready();
    await settle();
    // up for less than a minute: the next failure is the second in a row
    await vi.advanceTimersByTimeAsync(30_000);
    last().exit(1);
    await settle();
    expect(conn.hubStatus()).toMatchObject({ state: 'restarting', attempt: 2, retryInMs: 2000 });
    await vi.advanceTimersByTimeAsync(2000);
    last().ready();
    await settle();
    // a whole minute up: healthy, the row starts again
    await vi.advanceTimersByTimeAsync(60_000);
    last().exit(1);
    await settle();
    expect(conn.hubStatus()).toMatchObject({ state: 'restarting', attempt: 1, retryInMs: 1000 });
  });

  it('never restarts a hub it stopped on purpose (quit, or a company hub chosen)', async () => {
    const quitting = rig();
    quitting.conn.start();
    quitting.last().ready();
    await settle();
    const stopped = quitting.conn.stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(quitting.children[0].posted).toEqual([{ type: 'stop' }]);
    expect(quitting.logs).toContain('The built-in hub exited with code 0 (stopped).');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(quitting.children).toHaveLength(1);
    expect(quitting.statuses.at(-1)).toEqual({ state: 'off', attempt: 0, retryInMs: 0, message: null });

    // stopped during a restart's pause: the pause ends without a new process
    const switching = rig();
    switching.conn.start();
    switching.last().ready();
    await settle();
    switching.last().exit(1);
    await settle();
    const company = switching.conn.setHubUrl('https://hub.bitstone.example');
    await vi.advanceTimersByTimeAsync(100);
    await company;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(switching.children).toHaveLength(1);
    expect(switching.conn.hubStatus().state).toBe('off');
    // Try again has nothing to do while a company hub is used
    expect(switching.conn.restartEmbedded().state).toBe('off');
    expect(switching.children).toHaveLength(1);

    // choosing the built-in hub again starts it
    await switching.conn.setHubUrl(null);
    expect(switching.children).toHaveLength(2);
  });

  it('Try again leaves a hub that is starting or running alone', async () => {
    const { conn, children, last } = rig();
    conn.start();
    conn.restartEmbedded();
    expect(children).toHaveLength(1);
    last().ready();
    await settle();
    expect(conn.restartEmbedded().state).toBe('running');
    expect(children).toHaveLength(1);
  });

  it('a hub that does not answer in time is stopped, and only then started again (one process on the data at a time)', async () => {
    const { conn, children, last } = rig();
    conn.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(children[0].killed).toBe(true);
    expect(children).toHaveLength(1);
    await settle();
    expect(conn.hubStatus()).toMatchObject({ state: 'restarting', attempt: 1, message: expect.stringMatching(/did not answer within 10 s/) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(children).toHaveLength(2);
    expect(children[0].exited).toBe(true);
    last().ready();
    await settle();
    expect(conn.hubStatus().state).toBe('running');
  });
});
