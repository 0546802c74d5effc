import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { UNREACHABLE_MESSAGE } from '../../shared/api/hub-error';
import type { HubBridge, IpcResult } from '../../shared/ipc';
import { hubCall } from './api';

// docs/api.md 'Idempotency keys': hubCall sends every POST with its submit's key (the desktop
// transport here, through a window.hub whose answers the test gives).

const answers: Array<IpcResult<'hub:request'>> = [];
const invoke = vi.fn(async () => answers.shift() ?? { ok: true as const, data: { id: 1 } });
beforeAll(() => {
  const hub: Partial<HubBridge> = { invoke: invoke as unknown as HubBridge['invoke'], onSessionEnded: () => () => {} };
  vi.stubGlobal('window', { hub });
});
afterAll(() => vi.unstubAllGlobals());

const sentKey = () => (invoke.mock.calls.at(-1) as unknown as [string, { idempotencyKey?: string }])[1].idempotencyKey;
const post = (body: unknown) => hubCall(z.unknown(), 'POST', '/objective', { body }).catch(() => undefined);
const noAnswer: IpcResult<'hub:request'> = { ok: false, error: { status: 0, serverError: true, errors: [{ message: UNREACHABLE_MESSAGE }] } };
const refused: IpcResult<'hub:request'> = { ok: false, error: { status: 400, serverError: false, errors: [{ message: 'Title is required', field: 'title' }] } };

describe('hubCall and Idempotency-Key', () => {
  it('sends a POST with a key, and a retry after no answer with the same one', async () => {
    const body = { title: `Once ${Date.now()}` };
    answers.push(noAnswer);
    await post(body);
    const first = sentKey();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    await post(body);
    expect(sentKey()).toBe(first);
    // answered: the same form sent again is a new change
    await post(body);
    expect(sentKey()).not.toBe(first);
  });

  it('an answered refusal ends the submit too; a GET carries no key', async () => {
    const body = { title: `Refused ${Date.now()}` };
    answers.push(refused);
    await post(body);
    const first = sentKey();
    await post(body);
    expect(sentKey()).not.toBe(first);
    await hubCall(z.unknown(), 'GET', '/objective');
    expect(sentKey()).toBeUndefined();
  });

  it('a key the caller gives is the one sent', async () => {
    await hubCall(z.unknown(), 'POST', '/objective', { body: { title: 'given' }, idempotencyKey: 'given-key' });
    expect(sentKey()).toBe('given-key');
  });
});
