import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { createIpcHandlers, type IpcDeps } from '../../electron/ipc/register';
import { trustedSender } from '../../electron/ipc/sender';
import { memoryTokenStore } from '../../electron/token-store';
import { WriteQueue } from '../../electron/write-queue';
import type { HubSettings } from '../../shared/ipc';
import { QUEUE_MESSAGES } from '../../shared/rules/queued-writes';

// The write queue's IPC channels: the sender and every payload are checked before the
// queue sees them, and a hub call that gets an answer wakes the queue.

vi.mock('electron', () => ({}));

const APP_URL = 'file:///opt/Bitstone%20Hub/resources/app.asar/dist/renderer/index.html';
const appFrame = { senderFrame: { url: `${APP_URL}#/objective-tracking/objective?id=3` } };
const foreignFrame = { senderFrame: { url: 'https://evil.example.com/' } };
const settings: HubSettings = { hubUrl: null, activeUrl: null, embeddedStatus: 'off', tokenPersistence: 'memory' };
const HUB = 'http://127.0.0.1:9';
const checkIn = { method: 'POST' as const, path: '/key-result/4/check-ins', body: { percent: 30, confidence: 'at_risk', comment: 'slow week' } };

let root: string;
let queue: WriteQueue;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'write-queue-ipc-'));
});
afterEach(async () => {
  queue?.stop();
  await rm(root, { recursive: true, force: true });
});

function handlers(overrides: Partial<IpcDeps> = {}) {
  const tokens = memoryTokenStore();
  tokens.set(HUB, 'token');
  // the hub never answers in these tests: nothing is sent
  const hub = new HubClient({ fetch: async () => { throw new Error('offline'); }, resolveTarget: async () => ({ key: HUB, url: HUB }), tokens });
  queue = new WriteQueue({
    dir: path.join(root, 'offline-queue'),
    target: async () => ({ key: HUB, url: HUB }),
    token: (key) => tokens.get(key),
    whoAmI: async () => 7,
    send: (request, idempotencyKey) => hub.request({ ...request, idempotencyKey }),
    firstRetryMs: 60_000,
  });
  return createIpcHandlers({
    hub,
    connection: { settings: () => settings, setHubUrl: async () => settings },
    saveFile: async () => ({ status: 'cancelled' }),
    openExternal: async () => {},
    isTrustedSender: trustedSender(APP_URL),
    writeQueue: queue,
    ...overrides,
  });
}

describe('write queue over IPC', () => {
  it('adds, lists and cancels a check-in for the signed-in user', async () => {
    const h = handlers();
    const added = await h['queue:add'](appFrame, { userId: 7, what: 'Check-in on "Ship it"', request: checkIn });
    expect(added).toMatchObject({ ok: true, data: { what: 'Check-in on "Ship it"', status: 'queued', request: checkIn } });
    const id = added.ok ? added.data.id : '';
    expect(await h['queue:list'](appFrame, { userId: 7 })).toMatchObject({ ok: true, data: [{ id }] });
    expect(await h['queue:list'](appFrame, { userId: 8 })).toEqual({ ok: true, data: [] });
    expect(await h['queue:cancel'](appFrame, { userId: 7, id })).toEqual({ ok: true, data: null });
    expect(await h['queue:list'](appFrame, { userId: 7 })).toEqual({ ok: true, data: [] });
  });

  it('keeps the key the submit was tried with online, so its sends are retries of it', async () => {
    const h = handlers();
    const idempotencyKey = crypto.randomUUID();
    const added = await h['queue:add'](appFrame, { userId: 7, what: 'Check-in on "Ship it"', request: checkIn, idempotencyKey });
    expect(added).toMatchObject({ ok: true, data: { idempotencyKey } });
    const malformed = await h['queue:add'](appFrame, { userId: 7, what: 'x', request: checkIn, idempotencyKey: 'not a key' });
    expect(malformed).toMatchObject({ ok: false, error: { status: 400 } });
  });

  it('refuses a page that is not the app', async () => {
    const h = handlers();
    for (const [channel, payload] of [
      ['queue:add', { userId: 7, what: 'x', request: checkIn }],
      ['queue:list', { userId: 7 }],
      ['queue:cancel', { userId: 7, id: crypto.randomUUID() }],
    ] as const) {
      expect(await h[channel](foreignFrame, payload as never)).toMatchObject({ ok: false, error: { status: 403 } });
    }
    expect(await queue.list(7)).toEqual([]);
  });

  it('validates every payload before the queue sees it', async () => {
    const h = handlers();
    const bad: Array<[keyof typeof h, unknown]> = [
      ['queue:add', { userId: 0, what: 'x', request: checkIn }],
      ['queue:add', { userId: '7/../8', what: 'x', request: checkIn }],
      ['queue:add', { userId: 7, what: '', request: checkIn }],
      ['queue:add', { userId: 7, what: 'x'.repeat(301), request: checkIn }],
      ['queue:add', { userId: 7, what: 'x', request: { ...checkIn, method: 'DELETE' } }],
      ['queue:add', { userId: 7, what: 'x', request: { ...checkIn, path: '//evil.example.com/x' } }],
      ['queue:add', { userId: 7, what: 'x' }],
      ['queue:list', undefined],
      ['queue:cancel', { userId: 7, id: '../../etc/passwd' }],
      ['queue:cancel', { userId: 7 }],
    ];
    for (const [channel, payload] of bad) {
      expect(await h[channel](appFrame, payload as never), `${channel} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, error: { status: 400 } });
    }
    expect(await queue.list(7)).toEqual([]);
  });

  it('refuses what may not be queued with the route’s own message', async () => {
    const h = handlers();
    expect(await h['queue:add'](appFrame, { userId: 7, what: 'x', request: { method: 'POST', path: '/objective', body: {} } })).toEqual({
      ok: false,
      error: { status: 400, serverError: false, errors: [{ message: QUEUE_MESSAGES.notQueueable, field: 'request' }] },
    });
    expect(await h['queue:add'](appFrame, { userId: 7, what: 'x', request: { ...checkIn, body: { percent: 30, confidence: 'maybe' } } })).toMatchObject({
      ok: false,
      error: { status: 400, errors: [{ message: 'Confidence must be on track, at risk or off track', field: 'request.body.confidence' }] },
    });
  });

  it('answers 503 when main keeps no queue', async () => {
    const h = handlers({ writeQueue: undefined });
    expect(await h['queue:list'](appFrame, { userId: 7 })).toMatchObject({ ok: false, error: { status: 503 } });
  });

  it('a hub call that got an answer wakes the queue; one that did not, does not', async () => {
    const wake = vi.fn();
    const fake = { add: vi.fn(), list: vi.fn(), cancel: vi.fn(), wake };
    const answering = handlers({ writeQueue: fake, hub: new HubClient({ fetch: async () => new Response('{"data":{"status":"ok"}}'), resolveTarget: async () => ({ key: HUB, url: HUB }), tokens: memoryTokenStore() }) });
    expect(await answering['hub:request'](appFrame, { method: 'GET', path: '/health' })).toEqual({ ok: true, data: { status: 'ok' } });
    expect(wake).toHaveBeenCalledTimes(1);
    const silent = handlers({ writeQueue: fake });
    expect(await silent['hub:request'](appFrame, { method: 'GET', path: '/health' })).toMatchObject({ ok: false, error: { status: 0 } });
    expect(wake).toHaveBeenCalledTimes(1);
  });
});
