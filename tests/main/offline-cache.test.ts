import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, type IpcDeps } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { memoryTokenStore } from '../../electron/token-store';
import { MAX_OFFLINE_CACHE_BYTES, type HubSettings } from '../../shared/ipc';

// Offline viewing on the desktop (docs/operations.md, 'Offline viewing'): the persisted query
// cache through IPC, one file per user in the user-data folder, validated, size-limited and
// written atomically.

vi.mock('electron', () => ({}));

const APP_URL = 'file:///opt/Bitstone%20Hub/resources/app.asar/dist/renderer/index.html';
const appFrame = { senderFrame: { url: `${APP_URL}#/objective-tracking` } };
const foreignFrame = { senderFrame: { url: 'https://evil.example.com/' } };
const settings: HubSettings = { hubUrl: null, activeUrl: null, embeddedStatus: 'off', tokenPersistence: 'memory' };

let root: string;
let dir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'offline-cache-test-'));
  dir = path.join(root, 'userData', 'offline-cache');
});
afterEach(() => rm(root, { recursive: true, force: true }));

function handlers(overrides: Partial<IpcDeps> = {}) {
  const hub = new HubClient({ fetch, resolveTarget: async () => ({ key: 'embedded', url: 'http://127.0.0.1:9' }), tokens: memoryTokenStore() });
  return createIpcHandlers({
    hub,
    connection: { settings: () => settings, setHubUrl: async () => settings },
    saveFile: async () => ({ status: 'cancelled' }),
    openExternal: async () => {},
    isTrustedSender: trustedSender(APP_URL),
    offlineCacheDir: dir,
    ...overrides,
  });
}

const snapshot = (marker: string) => JSON.stringify({ version: 1, marker, queries: [] });

describe('offline cache over IPC', () => {
  it('saves a user’s cache to their own file and loads it back', async () => {
    const h = handlers();
    expect(await h['offline-cache:load'](appFrame, { userId: 7 })).toEqual({ ok: true, data: null });
    expect(await h['offline-cache:save'](appFrame, { userId: 7, snapshot: snapshot('seven') })).toEqual({ ok: true, data: null });
    expect(await h['offline-cache:save'](appFrame, { userId: 8, snapshot: snapshot('eight') })).toEqual({ ok: true, data: null });

    expect(await h['offline-cache:load'](appFrame, { userId: 7 })).toEqual({ ok: true, data: snapshot('seven') });
    expect(await h['offline-cache:load'](appFrame, { userId: 8 })).toEqual({ ok: true, data: snapshot('eight') });
    expect((await readdir(dir)).sort()).toEqual(['user-7.json', 'user-8.json']);
  });

  it('replaces the file atomically: no temp file stays, the last save wins', async () => {
    const h = handlers();
    await Promise.all(['a', 'b', 'c'].map((m) => h['offline-cache:save'](appFrame, { userId: 3, snapshot: snapshot(m) })));
    expect(await readdir(dir)).toEqual(['user-3.json']);
    const text = await readFile(path.join(dir, 'user-3.json'), 'utf8');
    expect(['a', 'b', 'c'].map(snapshot)).toContain(text);
  });

  it('clear removes every user’s cache and leaves files that are not ours', async () => {
    const h = handlers();
    await h['offline-cache:save'](appFrame, { userId: 7, snapshot: snapshot('seven') });
    await h['offline-cache:save'](appFrame, { userId: 8, snapshot: snapshot('eight') });
    await writeFile(path.join(dir, 'notes.txt'), 'keep me');

    expect(await h['offline-cache:clear'](appFrame, undefined)).toEqual({ ok: true, data: null });
    expect(await readdir(dir)).toEqual(['notes.txt']);
    expect(await h['offline-cache:load'](appFrame, { userId: 7 })).toEqual({ ok: true, data: null });
  });

  it('clear before anything was saved is fine', async () => {
    expect(await handlers()['offline-cache:clear'](appFrame, undefined)).toEqual({ ok: true, data: null });
  });

  it.each([
    ['a path instead of an id', { userId: '../../etc/passwd' }],
    ['a numeric string', { userId: '7' }],
    ['a negative id', { userId: -1 }],
    ['a fraction', { userId: 1.5 }],
    ['no id', {}],
    ['no payload', undefined],
  ])('refuses to load with %s (400, nothing read)', async (_label, payload) => {
    const result = await handlers()['offline-cache:load'](appFrame, payload);
    expect(result).toMatchObject({ ok: false, error: { status: 400 } });
  });

  it.each([
    ['a traversal id', { userId: '../x', snapshot: snapshot('x') }],
    ['a snapshot that is not JSON', { userId: 1, snapshot: 'not json' }],
    ['a snapshot that is a JSON array', { userId: 1, snapshot: '[1,2]' }],
    ['a snapshot object instead of text', { userId: 1, snapshot: { version: 1 } }],
    ['a snapshot over the size limit', { userId: 1, snapshot: JSON.stringify({ big: 'x'.repeat(MAX_OFFLINE_CACHE_BYTES) }) }],
  ])('refuses to save %s (400, no file written)', async (_label, payload) => {
    const result = await handlers()['offline-cache:save'](appFrame, payload);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.status).toBe(400);
      expect(result.error.errors[0].message).toBeTruthy();
    }
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });

  it('counts bytes, not characters, against the size limit', async () => {
    // 3 bytes per character in UTF-8: fewer characters than the limit, more bytes
    const text = JSON.stringify({ s: '€'.repeat(Math.ceil(MAX_OFFLINE_CACHE_BYTES / 3) + 10) });
    expect(text.length).toBeLessThan(MAX_OFFLINE_CACHE_BYTES);
    const result = await handlers()['offline-cache:save'](appFrame, { userId: 1, snapshot: text });
    expect(result).toMatchObject({ ok: false, error: { status: 400, errors: [{ message: 'The offline cache is larger than 4 MB.' }] } });
  });

  it('answers only the app’s own page', async () => {
    const h = handlers();
    await h['offline-cache:save'](appFrame, { userId: 7, snapshot: snapshot('seven') });
    expect(await h['offline-cache:load'](foreignFrame, { userId: 7 })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await h['offline-cache:save'](foreignFrame, { userId: 7, snapshot: snapshot('evil') })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await h['offline-cache:clear'](foreignFrame, undefined)).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await h['offline-cache:load'](appFrame, { userId: 7 })).toEqual({ ok: true, data: snapshot('seven') });
  });

  it('without a cache folder the channels answer 503 instead of throwing', async () => {
    const h = handlers({ offlineCacheDir: undefined });
    expect(await h['offline-cache:load'](appFrame, { userId: 7 })).toMatchObject({ ok: false, error: { status: 503, errors: [{ message: 'The offline cache is not available.' }] } });
    expect(await h['offline-cache:save'](appFrame, { userId: 7, snapshot: snapshot('x') })).toMatchObject({ ok: false, error: { status: 503 } });
  });
});
