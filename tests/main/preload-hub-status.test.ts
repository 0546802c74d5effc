import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HubBridge } from '../../shared/ipc';
import { IPC_EVENTS } from '../../shared/ipc';

// issue 22 (Recovery): the preload forwards main's built-in hub state to the page, checked, without the IPC event.
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
