import { describe, expect, it, vi } from 'vitest';
import { HubError } from '../../../shared/api/hub-error';
import { MAX_OFFLINE_CACHE_BYTES, type HubBridge, type IpcChannel, type IpcResult } from '../../../shared/ipc';
import { desktopOfflineStorage, userKey } from './offline-storage';

function fakeBridge(answer: (channel: IpcChannel, payload: unknown) => IpcResult<IpcChannel>) {
  const invoke = vi.fn(async (channel: IpcChannel, payload?: unknown) => answer(channel, payload));
  return { bridge: { invoke, onSessionEnded: () => () => undefined } as unknown as HubBridge, invoke };
}

describe('desktop offline storage', () => {
  it('reads and writes the user’s file through main, by the id in the key', async () => {
    const { bridge, invoke } = fakeBridge((channel) => ({ ok: true, data: channel === 'offline-cache:load' ? '{"kept":1}' : null }));
    const storage = desktopOfflineStorage(bridge);
    expect(await storage.getItem(userKey(7))).toBe('{"kept":1}');
    await storage.setItem(userKey(7), '{"kept":2}');
    await storage.removeItem(userKey(7));
    expect(invoke.mock.calls).toEqual([
      ['offline-cache:load', { userId: 7 }],
      ['offline-cache:save', { userId: 7, snapshot: '{"kept":2}' }],
      ['offline-cache:clear'],
    ]);
    await expect(storage.getItem('REACT_QUERY_OFFLINE_CACHE')).rejects.toThrow("Not a user's offline cache");
  });

  it('main unable to read is nothing kept; a refused write fails, so the persister can drop the oldest answers', async () => {
    const error = { status: 503, serverError: true, errors: [{ message: 'The offline cache is not available.' }] };
    const { bridge, invoke } = fakeBridge(() => ({ ok: false, error }));
    const storage = desktopOfflineStorage(bridge);
    expect(await storage.getItem(userKey(7))).toBeNull();
    await expect(storage.setItem(userKey(7), '{}')).rejects.toBeInstanceOf(HubError);
    invoke.mockClear();
    // past main's limit: refused before the text crosses IPC
    await expect(storage.setItem(userKey(7), `{"x":"${'x'.repeat(MAX_OFFLINE_CACHE_BYTES)}"}`)).rejects.toThrow('larger than 4 MB');
    expect(invoke).not.toHaveBeenCalled();
  });
});
