import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubError, UNREACHABLE_MESSAGE } from '../../../shared/api/hub-error';
import type { HubBridge } from '../../../shared/ipc';
import { userAtom } from '../session/session';
import { appStore } from '../store';
import { submitKeys } from '../submit-keys';
import { isNoAnswer, sendOrQueue } from './queue';

// When a write goes to main's queue instead of the hub.

const noAnswer = () => new HubError({ status: 0, serverError: true, errors: [{ message: UNREACHABLE_MESSAGE }] });
const timedOut = () => new HubError({ status: 0, serverError: true, errors: [{ message: 'The hub did not answer in time. Please try again.' }] });
const request = { what: 'Check-in on "Ship it"', method: 'POST' as const, path: '/key-result/4/check-ins', body: { percent: 10, confidence: 'on_track' } };
const item = { id: crypto.randomUUID(), createdAt: new Date().toISOString(), what: request.what, request, status: 'queued', refusal: null };

let invoke: ReturnType<typeof vi.fn>;
function desktop(withQueue = true) {
  invoke = vi.fn(async () => ({ ok: true, data: item }));
  const hub: Partial<HubBridge> = { invoke: invoke as unknown as HubBridge['invoke'], onSessionEnded: () => () => {}, ...(withQueue ? { onQueueChanged: () => () => {} } : {}) };
  vi.stubGlobal('window', { hub });
}

beforeEach(() => appStore.set(userAtom, { id: 7, name: 'Ada', username: 'ada' } as never));
afterEach(() => vi.unstubAllGlobals());

describe('send or queue', () => {
  it('only a refused or dropped connection counts as no answer, not a timeout or a refusal', () => {
    expect(isNoAnswer(noAnswer())).toBe(true);
    expect(isNoAnswer(timedOut())).toBe(false);
    expect(isNoAnswer(new HubError({ status: 409, serverError: false, errors: [{ message: 'x' }] }))).toBe(false);
  });

  it('on the web nothing is queued: the failure is the form’s', async () => {
    await expect(sendOrQueue(true, async () => { throw noAnswer(); }, request)).rejects.toBeInstanceOf(HubError);
  });

  it('on the desktop, offline: straight to the queue, for the signed-in person', async () => {
    desktop();
    const send = vi.fn();
    expect(await sendOrQueue(true, send, request)).toEqual({ queued: true });
    expect(send).not.toHaveBeenCalled();
    expect(invoke).toHaveBeenCalledWith('queue:add', { userId: 7, what: request.what, request: { method: 'POST', path: request.path, body: request.body } });
  });

  it('on the desktop, online: sent; kept only when the hub did not answer at all', async () => {
    desktop();
    expect(await sendOrQueue(false, async () => 'created', request)).toEqual({ queued: false, data: 'created' });
    expect(await sendOrQueue(false, async () => { throw noAnswer(); }, request)).toEqual({ queued: true });
    await expect(sendOrQueue(false, async () => { throw timedOut(); }, request)).rejects.toThrow('did not answer in time');
    await expect(sendOrQueue(false, async () => { throw new HubError({ status: 403, serverError: false, errors: [{ message: 'Closed' }] }); }, request)).rejects.toThrow('Closed');
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('a submit tried online without an answer is kept with its Idempotency-Key, so the queue sends it as a retry', async () => {
    desktop();
    const body = { percent: 55, confidence: 'on_track' };
    const tried = submitKeys.begin('POST', request.path, body);
    tried.unanswered();
    expect(await sendOrQueue(false, async () => { throw noAnswer(); }, { ...request, body })).toEqual({ queued: true });
    expect(invoke).toHaveBeenCalledWith('queue:add', { userId: 7, what: request.what, request: { method: 'POST', path: request.path, body }, idempotencyKey: tried.key });
  });

  it('an older preload without the queue: nothing is kept', async () => {
    desktop(false);
    await expect(sendOrQueue(true, async () => { throw noAnswer(); }, request)).rejects.toBeInstanceOf(HubError);
    expect(invoke).not.toHaveBeenCalled();
  });
});
