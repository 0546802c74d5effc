import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HubBridge } from '../../shared/ipc';
import { IPC_EVENTS } from '../../shared/ipc';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(async () => ({ ok: true, data: null })), on: vi.fn(), removeListener: vi.fn() },
}));
vi.mock('electron', () => electron);

let bridge: HubBridge;
beforeAll(async () => {
  await import('../../electron/preload');
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [name, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, HubBridge];
  expect(name).toBe('hub');
  bridge = api;
});

describe('preload', () => {
  it('exposes one object, window.hub, with invoke, onSessionEnded, onNotifications and onQueueChanged only', () => {
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'onHubStatus', 'onNotifications', 'onQueueChanged', 'onSessionEnded', 'onUpdate']);
    expect(Object.values(bridge).some((v) => v === electron.ipcRenderer)).toBe(false);
  });

  it('passes allowed channels to ipcRenderer.invoke', async () => {
    await bridge.invoke('session:login', { username: 'admin', password: 'demo' });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('session:login', { username: 'admin', password: 'demo' });
  });

  it('refuses any channel that is not on the list, before IPC', async () => {
    electron.ipcRenderer.invoke.mockClear();
    for (const channel of ['electron-store-get-data', 'session:steal-token', '__proto__', 'constructor']) {
      const result = await bridge.invoke(channel as never);
      expect(result).toMatchObject({ ok: false, error: { status: 400, serverError: false } });
    }
    expect(electron.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('tells the page a session ended without handing it the IPC event', () => {
    const listener = vi.fn();
    const unsubscribe = bridge.onSessionEnded(listener);
    const [channel, forward] = electron.ipcRenderer.on.mock.calls[0] as unknown as [string, (...args: unknown[]) => void];
    expect(channel).toBe(IPC_EVENTS.sessionEnded);
    forward({ sender: electron.ipcRenderer }, 'extra');
    expect(listener).toHaveBeenCalledWith();
    unsubscribe();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(IPC_EVENTS.sessionEnded, forward);
  });

  it('tells the page the write queue changed with a count only, never the IPC event', () => {
    electron.ipcRenderer.on.mockClear();
    const listener = vi.fn();
    const unsubscribe = bridge.onQueueChanged!(listener);
    const [channel, forward] = electron.ipcRenderer.on.mock.calls[0] as unknown as [string, (...args: unknown[]) => void];
    expect(channel).toBe(IPC_EVENTS.queueChanged);
    forward({ sender: electron.ipcRenderer }, { sent: 2, extra: 'x' });
    forward({ sender: electron.ipcRenderer }, { sent: -1 });
    forward({ sender: electron.ipcRenderer }, 'junk');
    expect(listener.mock.calls).toEqual([[{ sent: 2 }], [{ sent: 0 }], [{ sent: 0 }]]);
    unsubscribe();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(IPC_EVENTS.queueChanged, forward);
  });
});
