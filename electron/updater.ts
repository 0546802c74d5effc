import type { OutgoingHttpHeaders } from 'node:http';
import { DESKTOP_PLATFORMS, DESKTOP_UPDATES_PATH, desktopPolicySchema, type DesktopPlatform } from '../shared/api/desktop';
import type { UpdateNotice } from '../shared/ipc';
import { compareVersions } from '../shared/rules/app-compat';
import { apiUrl } from './hub-client';

// The app updates itself from the company hub it is connected to: a check at start and
// every 4 hours, the download in the background, 'Restart to update' offered without interrupting
// work, and an update an admin marked required installed at the next start. electron-updater does
// the downloading and verifying (the sha512 in latest.yml; on Windows the installer's signature
// against the running app's publisher, on macOS the system's own code-signature check): its
// defaults are kept. Everything here takes the autoUpdater as a parameter, so the decisions are
// tested in Node with a fake (tests/main/updater.test.ts).

export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** signed out at a check: main looks for a token again this often (no network until there is one) */
export const SIGNED_OUT_RETRY_MS = 60 * 1000;
/** a required update found at start: the window says so this long before the app quits to install */
export const REQUIRED_INSTALL_DELAY_MS = 3000;

/** The part of electron-updater's AppUpdater this module uses. */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  requestHeaders: OutgoingHttpHeaders | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  /** electron-updater's UpdateCheckResult: with autoDownload, downloadPromise settles after 'update-downloaded' */
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdaterDeps {
  autoUpdater: AutoUpdaterLike;
  /** app.isPackaged: an unpackaged (dev) app has nothing to update */
  isPackaged: boolean;
  /** app.getVersion() */
  appVersion: string;
  platform: DesktopPlatform;
  /** the company hub's address; null while the built-in hub is used (it has no releases) */
  hubUrl: () => string | null;
  /** the signed-in token for that hub; updates are for signed-in users only */
  token: (hubUrl: string) => string | null;
  /** GET /desktop/policy?platform=… through the HubClient (no session end on a 401) */
  policy: (platform: DesktopPlatform) => Promise<unknown>;
  /** tells the window (IPC_EVENTS.updateReady) */
  notify: (notice: UpdateNotice) => void;
  log: (message: string, error?: unknown) => void;
}

export interface Updater {
  /** asks the hub now (also what the 4-hour timer calls) */
  check(): Promise<void>;
  /** the hub address changed in Settings: the feed, the token and the policy are the new hub's */
  hubChanged(): void;
  /** the downloaded update, for a window that opens after it was announced */
  notice(): UpdateNotice | null;
  /** 'Restart to update' */
  install(): void;
  stop(): void;
}

const INERT: Updater = { check: async () => {}, hubChanged: () => {}, notice: () => null, install: () => {}, stop: () => {} };

export function startUpdater(deps: UpdaterDeps): Updater {
  // Not in development (nothing was packaged, electron-updater would refuse anyway).
  if (!deps.isPackaged) return INERT;
  const { autoUpdater } = deps;
  autoUpdater.autoDownload = true;
  // a downloaded update the person never restarted for goes in when they quit
  autoUpdater.autoInstallOnAppQuit = true;

  /** the required version when the hub's policy names one newer than this app */
  let required: string | null = null;
  let downloaded: string | null = null;
  let current: UpdateNotice | null = null;
  // Only the check made as the app starts, and the download it begins, belong to "start": a
  // required update found then is installed at once, before the window is used. Any later check
  // (the 4-hour one, after sign-in, after a hub change) only asks for a restart: it never
  // interrupts work.
  let atStart = true;
  let checking = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let installTimer: ReturnType<typeof setTimeout> | undefined;

  const satisfiesRequired = (version: string) => required !== null && compareVersions(version, required) >= 0;

  function announce(): void {
    if (downloaded === null) return;
    const isRequired = satisfiesRequired(downloaded);
    const installing = isRequired && atStart;
    current = { version: downloaded, required: isRequired, installing };
    deps.notify(current);
    if (installing && installTimer === undefined) {
      installTimer = setTimeout(() => {
        deps.log(`updates: installing required update ${downloaded}`);
        autoUpdater.quitAndInstall(true, true);
      }, REQUIRED_INSTALL_DELAY_MS);
    }
  }

  autoUpdater.on('update-downloaded', (info) => {
    downloaded = info.version;
    announce();
  });
  // electron-updater also rejects checkForUpdates; both are logged, neither is shown (a hub without
  // releases answers 404, an offline laptop cannot reach it: neither is the person's problem).
  autoUpdater.on('error', (error) => deps.log('updates: electron-updater reported an error', error));

  async function readPolicy(): Promise<void> {
    try {
      const policy = desktopPolicySchema.parse(await deps.policy(deps.platform));
      const next = policy.requiredVersion !== null && compareVersions(policy.requiredVersion, deps.appVersion) > 0 ? policy.requiredVersion : null;
      if (next !== required) {
        required = next;
        announce(); // an update already downloaded may just have become required
      }
    } catch (error) {
      deps.log('updates: could not read the hub policy', error);
    }
  }

  async function check(): Promise<void> {
    clearTimeout(retry);
    retry = undefined;
    const hubUrl = deps.hubUrl();
    if (hubUrl === null) return; // the built-in hub publishes no releases
    const token = deps.token(hubUrl);
    if (!token) {
      retry = setTimeout(() => void check(), SIGNED_OUT_RETRY_MS);
      return;
    }
    if (checking) return;
    checking = true;
    try {
      autoUpdater.setFeedURL({ provider: 'generic', url: apiUrl(hubUrl, DESKTOP_UPDATES_PATH) });
      // the release routes are for signed-in users; the download is sent the same header
      autoUpdater.requestHeaders = { Authorization: `Bearer ${token}` };
      await readPolicy();
      const result = await autoUpdater.checkForUpdates();
      // a failed download is also an 'error' event (logged above): never an unhandled rejection
      const downloaded = result?.downloadPromise?.then(() => undefined, () => undefined);
      if (atStart) await downloaded;
    } catch (error) {
      deps.log('updates: check failed', error);
    } finally {
      checking = false;
    }
  }

  async function checkAtStart(): Promise<void> {
    await check();
    atStart = false;
  }

  const interval = setInterval(() => void check(), CHECK_INTERVAL_MS);
  void checkAtStart();

  return {
    check,
    hubChanged() {
      // another hub, another policy and maybe other releases: what this one required no longer holds
      required = null;
      void check();
    },
    notice: () => current,
    install() {
      if (downloaded === null) return;
      autoUpdater.quitAndInstall(true, true);
    },
    stop() {
      clearInterval(interval);
      clearTimeout(retry);
      clearTimeout(installTimer);
    },
  };
}

export type DeferredUpdaterDeps = Omit<UpdaterDeps, 'autoUpdater' | 'platform'> & {
  /** process.platform: only those electron-builder publishes for are updated */
  platform: string;
  /** import('electron-updater'): loaded only when there is something to update */
  loadAutoUpdater: () => Promise<AutoUpdaterLike>;
};

/**
 * main's entry: electron-updater is not even loaded in development or on a platform no release is
 * published for; otherwise the updater starts as soon as it has loaded.
 */
export function startDeferredUpdater(deps: DeferredUpdaterDeps): Updater {
  const platform = DESKTOP_PLATFORMS.find((p) => p === deps.platform);
  if (!deps.isPackaged || !platform) return INERT;
  let started = INERT;
  let stopped = false;
  deps.loadAutoUpdater().then(
    (autoUpdater) => {
      if (!stopped) started = startUpdater({ ...deps, platform, autoUpdater });
    },
    (error: unknown) => deps.log('updates: electron-updater could not be loaded', error),
  );
  return {
    check: () => started.check(),
    hubChanged: () => started.hubChanged(),
    notice: () => started.notice(),
    install: () => started.install(),
    stop() {
      stopped = true;
      started.stop();
    },
  };
}
