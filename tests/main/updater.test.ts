import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopPolicy } from '../../shared/api/desktop';
import type { UpdateNotice } from '../../shared/ipc';
import { CHECK_INTERVAL_MS, REQUIRED_INSTALL_DELAY_MS, SIGNED_OUT_RETRY_MS, startDeferredUpdater, startUpdater, type Updater, type UpdaterDeps } from '../../electron/updater';

// The updater's decisions with electron-updater's autoUpdater faked (an EventEmitter
// with the fields and methods main uses) and the clock faked: when it checks, what it tells the
// window, when it installs, and that failures are only logged.

const HOUR = 60 * 60 * 1000;
const HUB = 'https://hub.bitstone.example';

class FakeAutoUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  requestHeaders: Record<string, string> | null = null;
  feeds: string[] = [];
  /** the headers each check was made with */
  checkedWith: Array<Record<string, string> | null> = [];
  /** what the next checks find: a version to "download", or an error to fail with */
  next: { version?: string; error?: Error; downloadFails?: boolean } = {};
  setFeedURL = vi.fn((options: { provider: 'generic'; url: string }) => void this.feeds.push(options.url));
  quitAndInstall = vi.fn();
  checkForUpdates = vi.fn(async () => {
    this.checkedWith.push(this.requestHeaders);
    if (this.next.error) throw this.next.error;
    const version = this.next.version;
    if (!version) return { downloadPromise: null };
    // electron-updater emits 'update-downloaded' before the download promise settles
    const fails = this.next.downloadFails;
    const downloadPromise = new Promise<void>((resolve, reject) => setTimeout(() => {
      if (fails) {
        const error = new Error('sha512 checksum mismatch');
        this.emit('error', error);
        reject(error);
        return;
      }
      this.emit('update-downloaded', { version });
      resolve();
    }, 1000));
    return { downloadPromise };
  });
}

interface Rig {
  autoUpdater: FakeAutoUpdater;
  updater: Updater;
  notices: UpdateNotice[];
  log: ReturnType<typeof vi.fn>;
  policy: ReturnType<typeof vi.fn>;
  state: { hubUrl: string | null; tokens: Record<string, string>; policy: DesktopPolicy | Error };
}

const started: Updater[] = [];

function start(overrides: Partial<UpdaterDeps> = {}, initial: Partial<Rig['state']> = {}): Rig {
  const autoUpdater = new FakeAutoUpdater();
  const notices: UpdateNotice[] = [];
  const state: Rig['state'] = { hubUrl: HUB, tokens: { [HUB]: 'token-a' }, policy: { latestVersion: null, requiredVersion: null }, ...initial };
  const log = vi.fn();
  const policy = vi.fn(async () => {
    if (state.policy instanceof Error) throw state.policy;
    return state.policy;
  });
  const updater = startUpdater({
    autoUpdater,
    isPackaged: true,
    appVersion: '1.2.0',
    platform: 'linux',
    hubUrl: () => state.hubUrl,
    token: (hubUrl) => state.tokens[hubUrl] ?? null,
    policy,
    notify: (notice) => notices.push(notice),
    log,
    ...overrides,
  });
  started.push(updater);
  return { autoUpdater, updater, notices, log, policy, state };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  started.splice(0).forEach((u) => u.stop());
  vi.useRealTimers();
});

describe('when the app checks for updates', () => {
  it('never in development: an unpackaged app leaves electron-updater alone', async () => {
    const { autoUpdater, policy } = start({ isPackaged: false });
    await vi.advanceTimersByTimeAsync(3 * CHECK_INTERVAL_MS);
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(autoUpdater.setFeedURL).not.toHaveBeenCalled();
    expect(policy).not.toHaveBeenCalled();
    expect(autoUpdater.autoDownload).toBe(false);
  });

  it('never while connected to the built-in hub, which has no releases', async () => {
    const { autoUpdater, policy } = start({}, { hubUrl: null });
    await vi.advanceTimersByTimeAsync(3 * CHECK_INTERVAL_MS);
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(policy).not.toHaveBeenCalled();
  });

  it('at start and every 4 hours, downloading in the background and installing on quit', async () => {
    const { autoUpdater, policy } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(autoUpdater.autoDownload).toBe(true);
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
    expect(policy).toHaveBeenCalledWith('linux');
    await vi.advanceTimersByTimeAsync(4 * HOUR - 1);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4 * HOUR);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(3);
  });

  it("asks the company hub's release folder with the signed-in token, and the new hub's after a change", async () => {
    const { autoUpdater, updater, state } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(autoUpdater.feeds).toEqual([`${HUB}/api/desktop/updates`]);
    expect(autoUpdater.checkedWith).toEqual([{ Authorization: 'Bearer token-a' }]);

    const other = 'https://hub.other.example/bitstone/';
    state.hubUrl = other;
    state.tokens = { [other]: 'token-b' };
    updater.hubChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(autoUpdater.feeds.at(-1)).toBe('https://hub.other.example/bitstone/api/desktop/updates');
    expect(autoUpdater.checkedWith.at(-1)).toEqual({ Authorization: 'Bearer token-b' });

    // back to the built-in hub: nothing more is asked
    state.hubUrl = null;
    updater.hubChanged();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
  });

  it('signed out, it asks nothing, and checks within a minute of a sign-in', async () => {
    const { autoUpdater, state } = start({}, { tokens: {} });
    await vi.advanceTimersByTimeAsync(10 * SIGNED_OUT_RETRY_MS);
    expect(autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    state.tokens = { [HUB]: 'token-new' };
    await vi.advanceTimersByTimeAsync(SIGNED_OUT_RETRY_MS);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(autoUpdater.checkedWith).toEqual([{ Authorization: 'Bearer token-new' }]);
  });
});

describe('what the window is told', () => {
  it('a downloaded update: ready, restart when you like; Restart to update installs it', async () => {
    const { autoUpdater, updater, notices } = start();
    await vi.advanceTimersByTimeAsync(0);
    // released while the app runs: the 4-hour check finds it
    autoUpdater.next = { version: '1.3.0' };
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS + 1000);
    expect(notices).toEqual([{ version: '1.3.0', required: false, installing: false }]);
    expect(updater.notice()).toEqual({ version: '1.3.0', required: false, installing: false });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
    updater.install();
    expect(autoUpdater.quitAndInstall).toHaveBeenCalledWith(true, true);
  });

  it('Restart to update does nothing before anything was downloaded', () => {
    const { autoUpdater, updater } = start();
    updater.install();
    expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
    expect(updater.notice()).toBeNull();
  });

  it('a required update found at start: the window says it is being installed, then the app installs it', async () => {
    const { autoUpdater, notices } = start({}, { policy: { latestVersion: '1.3.0', requiredVersion: '1.3.0' } });
    // set before the start check reaches electron-updater (it reads the policy first)
    autoUpdater.next = { version: '1.3.0' };
    await vi.advanceTimersByTimeAsync(1000);
    expect(notices).toEqual([{ version: '1.3.0', required: true, installing: true }]);
    expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REQUIRED_INSTALL_DELAY_MS);
    expect(autoUpdater.quitAndInstall).toHaveBeenCalledWith(true, true);
  });

  it('a newer release than the required one still counts; a required version this app has already is no requirement', async () => {
    const newer = start({}, { policy: { latestVersion: '1.4.0', requiredVersion: '1.3.0' } });
    newer.autoUpdater.next = { version: '1.4.0' };
    const met = start({}, { policy: { latestVersion: '1.4.0', requiredVersion: '1.2.0' } });
    met.autoUpdater.next = { version: '1.4.0' };
    await vi.advanceTimersByTimeAsync(1000);
    expect(newer.notices).toEqual([{ version: '1.4.0', required: true, installing: true }]);
    expect(met.notices).toEqual([{ version: '1.4.0', required: false, installing: false }]);
  });

  it('required while the app runs: it asks for a restart and never interrupts work', async () => {
    const { autoUpdater, notices, state } = start();
    await vi.advanceTimersByTimeAsync(0);
    state.policy = { latestVersion: '1.3.0', requiredVersion: '1.3.0' };
    autoUpdater.next = { version: '1.3.0' };
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS + 1000);
    expect(notices).toEqual([{ version: '1.3.0', required: true, installing: false }]);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('signed in only after start: a required update then found asks for a restart, it does not install by itself', async () => {
    const { autoUpdater, notices, state } = start({}, { tokens: {}, policy: { latestVersion: '1.3.0', requiredVersion: '1.3.0' } });
    await vi.advanceTimersByTimeAsync(0);
    state.tokens = { [HUB]: 'token-a' };
    autoUpdater.next = { version: '1.3.0' };
    await vi.advanceTimersByTimeAsync(SIGNED_OUT_RETRY_MS + 1000);
    expect(notices).toEqual([{ version: '1.3.0', required: true, installing: false }]);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('an update already downloaded that an admin then marks required is announced again, as required', async () => {
    const { autoUpdater, notices, state } = start();
    autoUpdater.next = { version: '1.3.0' };
    await vi.advanceTimersByTimeAsync(1000);
    expect(notices).toEqual([{ version: '1.3.0', required: false, installing: false }]);
    state.policy = { latestVersion: '1.3.0', requiredVersion: '1.3.0' };
    autoUpdater.next = {};
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(notices.at(-1)).toEqual({ version: '1.3.0', required: true, installing: false });
    expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
  });
});

describe('failures are logged, never shown', () => {
  it('a hub without releases (404) or out of reach: logged, nothing told, the next check still made', async () => {
    const { autoUpdater, notices, log } = start();
    autoUpdater.next = { error: Object.assign(new Error('HttpError: 404 Not Found'), { statusCode: 404 }) };
    await vi.advanceTimersByTimeAsync(0);
    autoUpdater.next = { error: new Error('net::ERR_INTERNET_DISCONNECTED') };
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
    expect(notices).toEqual([]);
    expect(log).toHaveBeenCalledWith('updates: check failed', expect.objectContaining({ statusCode: 404 }));
    expect(log).toHaveBeenCalledWith('updates: check failed', expect.objectContaining({ message: 'net::ERR_INTERNET_DISCONNECTED' }));
  });

  it("electron-updater's error events (a failed download, a bad checksum) are logged", async () => {
    const { autoUpdater, notices, log } = start();
    await vi.advanceTimersByTimeAsync(0);
    const error = new Error('sha512 checksum mismatch');
    autoUpdater.emit('error', error);
    expect(log).toHaveBeenCalledWith('updates: electron-updater reported an error', error);
    expect(notices).toEqual([]);
  });

  it('a download that fails (a bad checksum) is logged once it is reported, at start and later, and nothing is told', async () => {
    const { autoUpdater, notices, log } = start();
    autoUpdater.next = { version: '1.3.0', downloadFails: true };
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS + 1000);
    expect(autoUpdater.checkForUpdates).toHaveBeenCalledTimes(2);
    expect(log.mock.calls.filter(([message]) => message === 'updates: electron-updater reported an error')).toHaveLength(2);
    expect(notices).toEqual([]);
  });

  it('a policy that cannot be read (an older hub) still lets the check run, with nothing required', async () => {
    const { autoUpdater, notices, log } = start({}, { policy: new Error('HubError 404') });
    autoUpdater.next = { version: '1.3.0' };
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toHaveBeenCalledWith('updates: could not read the hub policy', expect.any(Error));
    expect(notices).toEqual([{ version: '1.3.0', required: false, installing: false }]);
  });
});

describe("main's entry: electron-updater loaded only when there is something to update", () => {
  const base = () => ({
    appVersion: '1.2.0',
    hubUrl: () => HUB,
    token: () => 'token-a',
    policy: async () => ({ latestVersion: null, requiredVersion: null }),
    notify: vi.fn(),
    log: vi.fn(),
  });

  it('not in development, nor on a platform without releases', async () => {
    const loadAutoUpdater = vi.fn(async () => new FakeAutoUpdater());
    started.push(startDeferredUpdater({ ...base(), isPackaged: false, platform: 'linux', loadAutoUpdater }));
    started.push(startDeferredUpdater({ ...base(), isPackaged: true, platform: 'freebsd', loadAutoUpdater }));
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(loadAutoUpdater).not.toHaveBeenCalled();
  });

  it('packaged: loads it, checks, and answers for it once loaded', async () => {
    const fake = new FakeAutoUpdater();
    const updater = startDeferredUpdater({ ...base(), isPackaged: true, platform: 'win32', loadAutoUpdater: async () => fake });
    started.push(updater);
    expect(updater.notice()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.checkForUpdates).toHaveBeenCalledTimes(1);
    fake.emit('update-downloaded', { version: '1.3.0' });
    expect(updater.notice()).toEqual({ version: '1.3.0', required: false, installing: false });
  });

  it('a failure to load is logged, and the app goes on without updates', async () => {
    const deps = base();
    const updater = startDeferredUpdater({ ...deps, isPackaged: true, platform: 'darwin', loadAutoUpdater: async () => Promise.reject(new Error('no module')) });
    started.push(updater);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.log).toHaveBeenCalledWith('updates: electron-updater could not be loaded', expect.any(Error));
    expect(updater.notice()).toBeNull();
    updater.install();
  });
});
