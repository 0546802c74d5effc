import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HubBridge } from '../../shared/ipc';
import { IPC_EVENTS } from '../../shared/ipc';

// The events the preload forwards from main, each checked and without the IPC event:
// 'update:ready' as a version and two flags, the built-in hub's state only when well formed.
const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}));
vi.mock('electron', () => electron);

let bridge: HubBridge;
beforeAll(async () => {
  await import('../../electron/preload');
  bridge = (electron.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, HubBridge])[1];
});

describe('preload: update notices', () => {
  it('passes a well-formed notice without the IPC event, drops anything else, and unsubscribes', () => {
    electron.ipcRenderer.on.mockClear();
    const listener = vi.fn();
    const unsubscribe = bridge.onUpdate!(listener);
    const [channel, forward] = electron.ipcRenderer.on.mock.calls[0] as unknown as [string, (...args: unknown[]) => void];
    expect(channel).toBe(IPC_EVENTS.updateReady);
    forward({ sender: electron.ipcRenderer }, { version: '1.3.0', required: true, installing: false, path: '/tmp/x.exe' });
    forward({ sender: electron.ipcRenderer }, { version: '<img src=x onerror=alert(1)>', required: false, installing: false });
    forward({ sender: electron.ipcRenderer }, { version: '1.3.0', required: 'yes', installing: false });
    forward({ sender: electron.ipcRenderer }, null);
    expect(listener.mock.calls).toEqual([[{ version: '1.3.0', required: true, installing: false }]]);
    unsubscribe();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(IPC_EVENTS.updateReady, forward);
  });
});

describe('preload: the built-in hub state', () => {
  it('passes a well-formed status without the IPC event, drops anything else, and unsubscribes', () => {
    electron.ipcRenderer.on.mockClear();
    const listener = vi.fn();
    const unsubscribe = bridge.onHubStatus!(listener);
    const [channel, forward] = electron.ipcRenderer.on.mock.calls[0] as unknown as [string, (...args: unknown[]) => void];
    expect(channel).toBe(IPC_EVENTS.hubStatus);
    const status = { state: 'restarting', attempt: 2, retryInMs: 2000, message: 'The built-in hub stopped unexpectedly (code 139).' };
    forward({ sender: electron.ipcRenderer }, { ...status, sender: electron.ipcRenderer });
    forward({ sender: electron.ipcRenderer }, { ...status, state: 'on fire' });
    forward({ sender: electron.ipcRenderer }, null);
    expect(listener.mock.calls).toEqual([[status]]);
    unsubscribe();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(IPC_EVENTS.hubStatus, forward);
  });
});
