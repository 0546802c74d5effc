import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEmbeddedHub, type EmbeddedHub, type UtilityProcessApi } from '../../electron/embedded-hub';
import { EMBEDDED_HUB_KEY, HubConnection } from '../../electron/hub-connection';
import { createSettingsStore, normalizeHubUrl } from '../../electron/settings';
import { memoryKeyValueStore } from '../../electron/token-store';
import { HubError } from '../../shared/api/hub-error';
import { HUB_STATUS_OFF } from '../../shared/hub-status';

vi.mock('electron', () => ({}));

/** A utilityProcess that does what the test says: post 'ready', exit, or nothing at all. */
class FakeChild extends EventEmitter {
  posted: unknown[] = [];
  killed = false;
  constructor(private readonly exitOnStop = true) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
    if (this.exitOnStop && (message as { type?: string }).type === 'stop') setTimeout(() => this.emit('exit', 0), 5);
  }
  kill() {
    this.killed = true;
    setTimeout(() => this.emit('exit', 143), 1);
    return true;
  }
}

function fakeUtilityProcess(child = new FakeChild()) {
  const fork = vi.fn(() => child);
  return { child, api: { fork } as unknown as UtilityProcessApi & { fork: typeof fork } };
}

const healthy = vi.fn(async () => new Response('{"data":{"ok":true}}', { status: 200 }));
const started: EmbeddedHub[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((h) => h.stop()));
});

function start(api: UtilityProcessApi, extra: Partial<Parameters<typeof startEmbeddedHub>[0]> = {}) {
  const hub = startEmbeddedHub({ utilityProcess: api, entryPath: '/app/dist/server/hub.mjs', dataDir: '/u/hub-data', migrationsDir: '/app/dist/server/migrations', fetch: healthy, healthIntervalMs: 5, stopTimeoutMs: 50, ...extra });
  started.push(hub);
  return hub;
}

describe('embedded hub', () => {
  it('forks the hub bundle with its data folder, a free port and the migrations', () => {
    const { api } = fakeUtilityProcess();
    start(api);
    const [entry, , options] = api.fork.mock.calls[0] as unknown as [string, string[], { env: Record<string, string> }];
    expect(entry).toBe('/app/dist/server/hub.mjs');
    expect(options.env).toMatchObject({ HUB_DATA_DIR: '/u/hub-data', PORT: '0', HOST: '127.0.0.1', HUB_MIGRATIONS_DIR: '/app/dist/server/migrations' });
  });

  it('is running once it said ready and /api/health answers', async () => {
    const { api, child } = fakeUtilityProcess();
    let healthChecks = 0;
    const fetch = vi.fn(async () => new Response('', { status: ++healthChecks < 3 ? 503 : 200 }));
    const hub = start(api, { fetch });
    expect(hub.status()).toBe('starting');
    child.emit('message', { type: 'ready', url: 'http://127.0.0.1:45678/' });
    await expect(hub.ready).resolves.toBe('http://127.0.0.1:45678');
    expect(hub.status()).toBe('running');
    expect(hub.url()).toBe('http://127.0.0.1:45678');
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:45678/api/health', expect.anything());
    expect(healthChecks).toBe(3);
  });

  it('fails with a message when it does not answer in time, and stops the process', async () => {
    const { api, child } = fakeUtilityProcess();
    const hub = start(api, { startTimeoutMs: 30 });
    await expect(hub.ready).rejects.toThrow(/could not start.*did not answer/);
    expect(hub.status()).toBe('failed');
    expect(hub.failure()).toMatch(/did not answer/);
    expect(child.killed).toBe(true);
  });

  it('fails when the process exits while starting', async () => {
    const { api, child } = fakeUtilityProcess();
    const hub = start(api);
    child.emit('exit', 1);
    await expect(hub.ready).rejects.toThrow(/stopped with code 1/);
    expect(hub.status()).toBe('failed');
  });

  it('stops cleanly when asked, and kills a hub that does not stop', async () => {
    const polite = fakeUtilityProcess();
    const hub = start(polite.api);
    polite.child.emit('message', { type: 'ready', url: 'http://127.0.0.1:1' });
    await hub.ready;
    await hub.stop();
    expect(polite.child.posted).toEqual([{ type: 'stop' }]);
    expect(polite.child.killed).toBe(false);
    expect(hub.status()).toBe('off');

    const stubborn = fakeUtilityProcess(new FakeChild(false));
    const other = start(stubborn.api);
    await other.stop();
    expect(stubborn.child.killed).toBe(true);
    await expect(other.ready).rejects.toThrow(/stopped/);
  });
});

describe('hub connection', () => {
  function connection() {
    const children: FakeChild[] = [];
    const startEmbedded = vi.fn(() => {
      const child = new FakeChild();
      children.push(child);
      return start({ fork: () => child } as unknown as UtilityProcessApi);
    });
    const settings = createSettingsStore(memoryKeyValueStore());
    return { children, startEmbedded, settings, conn: new HubConnection({ settings, tokenPersistence: 'encrypted', startEmbedded }) };
  }

  it('uses the embedded hub when no hub URL is set, waiting for it to start', async () => {
    const { conn, children } = connection();
    conn.start();
    expect(conn.settings()).toEqual({ hubUrl: null, activeUrl: null, embeddedStatus: 'starting', tokenPersistence: 'encrypted' });
    const target = conn.target();
    children[0].emit('message', { type: 'ready', url: 'http://127.0.0.1:5555' });
    await expect(target).resolves.toEqual({ key: EMBEDDED_HUB_KEY, url: 'http://127.0.0.1:5555' });
    expect(conn.settings()).toMatchObject({ activeUrl: 'http://127.0.0.1:5555', embeddedStatus: 'running' });
    expect(conn.hubOrigin()).toBe('http://127.0.0.1:5555');
  });

  it('with a company hub set in Settings, the app starts without ever starting the embedded hub', async () => {
    const { conn, settings, startEmbedded } = connection();
    settings.setHubUrl('https://hub.bitstone.example');
    conn.start();
    await expect(conn.target()).resolves.toEqual({ key: 'https://hub.bitstone.example', url: 'https://hub.bitstone.example' });
    expect(conn.settings()).toMatchObject({ hubUrl: 'https://hub.bitstone.example', embeddedStatus: 'off' });
    // the built-in hub banner's 'Try again' has nothing to restart either
    expect(conn.restartEmbedded()).toEqual(HUB_STATUS_OFF);
    expect(conn.hubStatus()).toEqual(HUB_STATUS_OFF);
    expect(startEmbedded).not.toHaveBeenCalled();
  });

  it('switching to a company hub stops the embedded one; switching back starts it again', async () => {
    const { conn, children, startEmbedded } = connection();
    conn.start();
    children[0].emit('message', { type: 'ready', url: 'http://127.0.0.1:5555' });
    await conn.target();
    const company = await conn.setHubUrl('https://hub.bitstone.example/api/');
    expect(company).toMatchObject({ hubUrl: 'https://hub.bitstone.example', activeUrl: 'https://hub.bitstone.example', embeddedStatus: 'off' });
    expect(children[0].posted).toEqual([{ type: 'stop' }]);
    await expect(conn.target()).resolves.toEqual({ key: 'https://hub.bitstone.example', url: 'https://hub.bitstone.example' });

    const back = await conn.setHubUrl(null);
    expect(back).toMatchObject({ hubUrl: null, embeddedStatus: 'starting' });
    expect(startEmbedded).toHaveBeenCalledTimes(2);
  });

  it('answers an embedded hub that failed to start as an unreachable hub with the reason, while it is started again', async () => {
    const { conn, children } = connection();
    conn.start();
    const target = conn.target();
    children[0].emit('exit', 3);
    const error = await target.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).toJSON()).toMatchObject({ status: 0, serverError: true, errors: [{ message: expect.stringMatching(/could not start.*being restarted/) }] });
    // hub-supervisor.test.ts follows the restarts
    expect(conn.settings().embeddedStatus).toBe('starting');
    expect(conn.hubStatus()).toMatchObject({ state: 'restarting', attempt: 1 });
    await conn.stop();
  });

  it('keeps one spelling per hub address and refuses non-web addresses', () => {
    expect(normalizeHubUrl(' https://Hub.Example.com/ ')).toBe('https://hub.example.com');
    expect(normalizeHubUrl('https://example.com/hub/api?x=1#y')).toBe('https://example.com/hub');
    expect(() => normalizeHubUrl('ftp://example.com')).toThrow(/http/);
    expect(() => normalizeHubUrl('https://ada:pw@example.com')).toThrow();
  });
});
