import { afterEach, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { hubCompat } from '../../electron/hub-compat';
import { createIpcHandlers } from '../../electron/ipc/register';
import { memoryTokenStore } from '../../electron/token-store';
import type { HubSettings } from '../../shared/ipc';
import { APP_VERSION_HEADER, appTooOldMessage, COMPAT_TITLES, HUB_API_LEVEL, hubTooOldMessage, MIN_HUB_API_LEVEL } from '../../shared/rules/app-compat';
import { json, startFakeHub } from './support/fake-hub';

// The app's half of the version check. It reads the hub's /health when it connects and
// tells the window, in plain words, when one of the two is too old for the other; and it names
// its own version on every call, so the hub can answer 426.

const WHERE = 'https://hub.bitstone.example';
const health = (over: { apiLevel?: number | null; minAppVersion?: string | null }) => ({
  connected: true as const, version: '0.4.0', apiLevel: HUB_API_LEVEL, minAppVersion: '0.1.0', where: WHERE, ...over,
});

describe('hubCompat', () => {
  it('a hub below the level the app speaks is too old', () => {
    expect(hubCompat(health({ apiLevel: MIN_HUB_API_LEVEL - 1 }), '1.2.0')).toEqual({ status: 'hub-too-old', title: COMPAT_TITLES.hubTooOld, message: hubTooOldMessage('1.2.0', WHERE) });
  });

  it('an app below what the hub serves is too old', () => {
    expect(hubCompat(health({ minAppVersion: '1.3.0' }), '1.2.0')).toEqual({ status: 'app-too-old', title: COMPAT_TITLES.appTooOld, message: appTooOldMessage('1.2.0', WHERE, '1.3.0') });
  });

  it('a hub from before the check (no levels) is taken as compatible, and no answer is not judged', () => {
    expect(hubCompat(health({ apiLevel: null, minAppVersion: null }), '1.2.0')).toEqual({ status: 'ok' });
    expect(hubCompat(health({}), '1.2.0')).toEqual({ status: 'ok' });
    expect(hubCompat({ connected: false }, '1.2.0')).toEqual({ status: 'unknown' });
  });
});

describe('over IPC, against a hub on the wire', () => {
  const hubs: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()));
  });

  async function rig(healthBody: unknown, updater?: { notice: () => null; install: () => void }) {
    const fake = await startFakeHub({ 'GET /api/health': (_req, res) => json(res, 200, healthBody) });
    hubs.push(fake);
    const tokens = memoryTokenStore();
    const client = new HubClient({ fetch, resolveTarget: async () => ({ key: fake.url, url: fake.url }), tokens, appVersion: '1.2.0' });
    const settings: HubSettings = { hubUrl: fake.url, activeUrl: fake.url, embeddedStatus: 'off', tokenPersistence: 'memory' };
    const handlers = createIpcHandlers({
      hub: client,
      connection: { settings: () => settings, setHubUrl: async () => settings },
      saveFile: async () => ({ status: 'cancelled' }),
      openExternal: async () => {},
      isTrustedSender: () => true,
      appVersion: '1.2.0',
      updater,
    });
    const event = { senderFrame: { url: 'file:///app/index.html' } };
    return { fake, handlers, event };
  }

  it('hub:compat reads the levels from /health (snake_case on the wire) and sends the app version', async () => {
    const { fake, handlers, event } = await rig({ data: { status: 'ok', database: 'postgres', migrations: 9, version: '0.0.9', api_level: 0, min_app_version: '0.1.0' } });
    const result = await handlers['hub:compat'](event);
    expect(result).toEqual({ ok: true, data: { status: 'hub-too-old', title: COMPAT_TITLES.hubTooOld, message: hubTooOldMessage('1.2.0', fake.url) } });
    expect(fake.requests[0].headers[APP_VERSION_HEADER]).toBe('1.2.0');
  });

  it('a current hub is ok', async () => {
    const { handlers, event } = await rig({ data: { status: 'ok', database: 'postgres', migrations: 9, version: '0.1.0', api_level: HUB_API_LEVEL, min_app_version: '0.1.0' } });
    expect(await handlers['hub:compat'](event)).toEqual({ ok: true, data: { status: 'ok' } });
  });

  it('update:state and update:install answer for the updater, and harmlessly without one', async () => {
    const install = vi.fn();
    const withUpdater = await rig({ data: {} }, { notice: () => null, install });
    expect(await withUpdater.handlers['update:state'](withUpdater.event)).toEqual({ ok: true, data: null });
    expect(await withUpdater.handlers['update:install'](withUpdater.event)).toEqual({ ok: true, data: null });
    expect(install).toHaveBeenCalledTimes(1);
    const without = await rig({ data: {} });
    expect(await without.handlers['update:install'](without.event)).toEqual({ ok: true, data: null });
    expect(await without.handlers['update:state'](without.event)).toEqual({ ok: true, data: null });
  });
});
