import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubError, UNREACHABLE_MESSAGE } from '../../shared/api/hub-error';
import { QUEUE_MESSAGES, type QueueableRequest } from '../../shared/rules/queued-writes';
import { queueFileName, tokenOwner, WriteQueue, type WriteQueueDeps } from '../../electron/write-queue';

// Offline writes are not lost: the queue main keeps on disk, per hub and signed-in user.

const HUB = 'https://hub.example.com';
const checkIn = (keyResultId: number, percent: number, comment = '') => ({
  method: 'POST',
  path: `/key-result/${keyResultId}/check-ins`,
  body: { percent, confidence: 'on_track', comment },
});
const answer = (status: number, message: string) => new HubError({ status, serverError: status === 0 || status >= 500, errors: [{ message }] });

let dir: string;
let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'write-queue-test-'));
  dir = path.join(root, 'offline-queue');
});
const queues: WriteQueue[] = [];
afterEach(async () => {
  for (const queue of queues.splice(0)) queue.stop();
  await rm(root, { recursive: true, force: true });
});

/** A queue whose hub, token and answers the test holds. */
function rig(overrides: Partial<WriteQueueDeps> = {}) {
  const state = { token: 'token-of-7' as string | null, user: 7 as number | null };
  const sent: QueueableRequest[] = [];
  /** the Idempotency-Key of each send, in order */
  const keys: string[] = [];
  const answers: Array<HubError | null> = [];
  const changes: number[] = [];
  const deps: WriteQueueDeps = {
    dir,
    target: async () => ({ key: HUB, url: HUB }),
    token: (key) => (key === HUB ? state.token : null),
    whoAmI: async () => state.user,
    send: async (request, key) => {
      sent.push(request);
      keys.push(key);
      const next = answers.shift();
      if (next) throw next;
      return { id: sent.length };
    },
    onChanged: ({ sent: n }) => changes.push(n),
    firstRetryMs: 60_000,
    ...overrides,
  };
  const queue = new WriteQueue(deps);
  queues.push(queue);
  return { queue, state, sent, keys, answers, changes };
}

/** Adds without sending (the hub is away), as the person does while offline. */
async function addOffline(r: ReturnType<typeof rig>, userId: number, what: string, request: ReturnType<typeof checkIn>) {
  r.answers.push(answer(0, UNREACHABLE_MESSAGE));
  const item = await r.queue.add(userId, what, request);
  await r.queue.idle();
  return item;
}

describe('write queue', () => {
  it('keeps a check-in on disk across a restart and sends it when the hub is back', async () => {
    const first = rig();
    const item = await addOffline(first, 7, 'Check-in on "Ship it"', checkIn(5, 40, 'half way'));
    first.queue.stop();
    expect(item).toMatchObject({ what: 'Check-in on "Ship it"', status: 'queued', refusal: null, request: { method: 'POST', path: '/key-result/5/check-ins' } });
    expect(await readdir(dir)).toEqual([queueFileName(HUB, 7)]);

    const second = rig();
    expect(await second.queue.list(7)).toEqual([item]);
    second.queue.wake();
    await second.queue.idle();
    expect(second.sent).toEqual([{ method: 'POST', path: '/key-result/5/check-ins', body: { percent: 40, confidence: 'on_track', comment: 'half way' } }]);
    expect(await second.queue.list(7)).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
    expect(second.changes).toEqual([1]);
  });

  it('refuses any request that is not on the allow-list, and a body the route would refuse', async () => {
    const r = rig();
    for (const request of [
      { method: 'POST', path: '/objective', body: { title: 'x' } },
      { method: 'DELETE', path: '/key-result/5', body: undefined },
      { method: 'PUT', path: '/key-result/5/check-ins', body: checkIn(5, 1).body },
      { method: 'POST', path: '/key-result/5/check-ins/../../../auth/logout', body: checkIn(5, 1).body },
      { method: 'POST', path: '/key-result/abc/check-ins', body: checkIn(5, 1).body },
    ]) {
      await expect(r.queue.add(7, 'x', request)).rejects.toMatchObject({ status: 400, errors: [{ message: QUEUE_MESSAGES.notQueueable }] });
    }
    await expect(r.queue.add(7, 'x', { ...checkIn(5, 1), body: { percent: 101, confidence: 'on_track' } })).rejects.toMatchObject({
      status: 400,
      errors: [{ message: 'Percent complete must be a whole number from 0 to 100', field: 'request.body.percent' }],
    });
    expect(await r.queue.list(7)).toEqual([]);
    expect(r.sent).toEqual([]);
  });

  it('sends in the order the changes were made, one at a time', async () => {
    const r = rig();
    let inFlight = 0;
    let most = 0;
    const send = r.queue['deps'].send;
    r.queue['deps'].send = async (request, key) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return send(request, key);
    };
    for (const percent of [10, 20, 30]) await addOffline(r, 7, `Check-in ${percent}`, checkIn(5, percent));
    r.sent.length = 0;
    r.queue.wake();
    r.queue.wake();
    await r.queue.idle();
    expect(r.sent.map((s) => (s.body as { percent: number }).percent)).toEqual([10, 20, 30]);
    expect(most).toBe(1);
    expect(await r.queue.list(7)).toEqual([]);
  });

  it('keeps what the hub refuses (409, 403, 404) with its message until dismissed, and goes on with the rest', async () => {
    const r = rig();
    await addOffline(r, 7, 'a', checkIn(1, 10));
    await addOffline(r, 7, 'b', checkIn(2, 20));
    await addOffline(r, 7, 'c', checkIn(3, 30));
    await addOffline(r, 7, 'd', checkIn(4, 40));
    r.sent.length = 0;
    r.answers.push(answer(409, 'Someone else changed this key result.'), answer(403, 'Check-ins are closed: the key result is completed.'), answer(404, 'Key result not found'));
    r.queue.wake();
    await r.queue.idle();
    expect(r.sent).toHaveLength(4);
    const left = await r.queue.list(7);
    expect(left.map((i) => [i.what, i.status, i.refusal])).toEqual([
      ['a', 'refused', 'Someone else changed this key result.'],
      ['b', 'refused', 'Check-ins are closed: the key result is completed.'],
      ['c', 'refused', 'Key result not found'],
    ]);
    // refused ones are not sent again
    r.queue.wake();
    await r.queue.idle();
    expect(r.sent).toHaveLength(4);
    await r.queue.cancel(7, left[0].id);
    expect((await r.queue.list(7)).map((i) => i.what)).toEqual(['b', 'c']);
  });

  it('keeps a change the hub did not take (no answer, 5xx) for the next try, in its place', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const r = rig({ firstRetryMs: 1_000 });
      await addOffline(r, 7, 'a', checkIn(1, 10));
      await addOffline(r, 7, 'b', checkIn(2, 20));
      r.sent.length = 0;
      r.answers.push(answer(503, 'Something went wrong on the hub. Please try again.'));
      r.queue.wake();
      await r.queue.idle();
      // stopped at the first: b was not sent before a
      expect(r.sent.map((s) => s.path)).toEqual(['/key-result/1/check-ins']);
      expect((await r.queue.list(7)).map((i) => [i.what, i.status])).toEqual([['a', 'queued'], ['b', 'queued']]);
      // the hub's other answers (the window's calls) do not make it try a failing hub again at once
      r.queue.wake();
      await r.queue.idle();
      expect(r.sent).toHaveLength(1);
      // the retry timer asks again by itself
      await vi.advanceTimersByTimeAsync(60_000);
      await r.queue.idle();
      expect(r.sent.map((s) => s.path)).toEqual(['/key-result/1/check-ins', '/key-result/1/check-ins', '/key-result/2/check-ins']);
      expect(await r.queue.list(7)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends every try of a change with one Idempotency-Key: the one its submit was tried with online, else its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const r = rig({ firstRetryMs: 1_000 });
      const online = crypto.randomUUID();
      r.answers.push(answer(0, UNREACHABLE_MESSAGE));
      const tried = await r.queue.add(7, 'tried online', checkIn(1, 10), online);
      await r.queue.idle();
      const offline = await addOffline(r, 7, 'made offline', checkIn(2, 20));
      expect(tried.idempotencyKey).toBe(online);
      expect(offline.idempotencyKey).toBe(offline.id);
      // a send whose answer was lost (the hub may have taken it), then the next try
      r.answers.push(answer(502, 'Bad gateway'));
      await vi.advanceTimersByTimeAsync(60_000);
      await r.queue.idle();
      await vi.advanceTimersByTimeAsync(60_000);
      await r.queue.idle();
      expect(await r.queue.list(7)).toEqual([]);
      // each change went more than once (no answer, a 502, then taken), always with its own key
      const tries = r.sent.map((s, i) => [s.path, r.keys[i]]);
      expect(tries.filter(([p]) => p === '/key-result/1/check-ins').length).toBeGreaterThanOrEqual(3);
      expect(new Set(tries.filter(([p]) => p === '/key-result/1/check-ins').map(([, key]) => key))).toEqual(new Set([online]));
      expect(new Set(tries.filter(([p]) => p === '/key-result/2/check-ins').map(([, key]) => key))).toEqual(new Set([offline.id]));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a change kept before keys were kept is sent with its id as its key', async () => {
    await mkdir(dir, { recursive: true });
    const id = crypto.randomUUID();
    const older = { id, createdAt: new Date().toISOString(), what: 'older', request: checkIn(3, 30), status: 'queued', refusal: null };
    await writeFile(path.join(dir, queueFileName(HUB, 7)), JSON.stringify({ version: 1, items: [older] }));
    const r = rig();
    r.queue.wake();
    await r.queue.idle();
    expect(r.keys).toEqual([id]);
  });

  it('never sends one person’s changes with another person’s token', async () => {
    const r = rig();
    await addOffline(r, 7, 'by seven', checkIn(1, 10));
    r.sent.length = 0;
    // someone else signs in on this machine
    r.state.token = 'token-of-8';
    r.state.user = 8;
    r.queue.wake();
    await r.queue.idle();
    expect(r.sent).toEqual([]);
    expect(await r.queue.list(8)).toEqual([]);
    const seven = await readFile(path.join(dir, queueFileName(HUB, 7)), 'utf8');
    expect(JSON.parse(seven).items).toHaveLength(1);
    // 8's own change goes; 7's stays untouched
    await r.queue.add(8, 'by eight', checkIn(2, 20));
    await r.queue.idle();
    expect(r.sent.map((s) => s.path)).toEqual(['/key-result/2/check-ins']);
    expect(await readFile(path.join(dir, queueFileName(HUB, 7)), 'utf8')).toBe(seven);
    // 7 signs in again: theirs goes now
    r.state.token = 'token-of-7-again';
    r.state.user = 7;
    r.queue.wake();
    await r.queue.idle();
    expect(r.sent.map((s) => s.path)).toEqual(['/key-result/2/check-ins', '/key-result/1/check-ins']);
  });

  it('stops when the token changes between asking who it is and sending', async () => {
    const r = rig();
    await addOffline(r, 7, 'a', checkIn(1, 10));
    r.sent.length = 0;
    r.queue['deps'].whoAmI = async () => {
      r.state.token = 'token-of-8';
      return 7;
    };
    r.queue.wake();
    await r.queue.idle();
    expect(r.sent).toEqual([]);
  });

  it('signed out: nothing is kept or sent', async () => {
    const r = rig();
    await addOffline(r, 7, 'a', checkIn(1, 10));
    r.sent.length = 0;
    r.state.token = null;
    await expect(r.queue.add(7, 'b', checkIn(1, 20))).rejects.toMatchObject({ status: 401, errors: [{ message: QUEUE_MESSAGES.signedOut }] });
    r.queue.wake();
    await r.queue.idle();
    expect(r.sent).toEqual([]);
    // the hub no longer knows the token: kept, not sent
    r.state.token = 'stale';
    r.state.user = null;
    r.queue.wake();
    await r.queue.idle();
    expect(r.sent).toEqual([]);
    r.state.token = 'token-of-7';
    r.state.user = 7;
    expect(await r.queue.list(7)).toHaveLength(1);
  });

  it('cancels a waiting change; an unknown id is a 404', async () => {
    const r = rig();
    const a = await addOffline(r, 7, 'a', checkIn(1, 10));
    const b = await addOffline(r, 7, 'b', checkIn(2, 20));
    await r.queue.cancel(7, a.id);
    expect((await r.queue.list(7)).map((i) => i.id)).toEqual([b.id]);
    await expect(r.queue.cancel(7, a.id)).rejects.toMatchObject({ status: 404, errors: [{ message: QUEUE_MESSAGES.notFound }] });
    // another user's id is not found in this user's queue
    await expect(r.queue.cancel(8, b.id)).rejects.toMatchObject({ status: 404 });
    expect(r.changes.filter((n) => n === 0).length).toBeGreaterThanOrEqual(3);
  });

  it('does not cancel a change while the hub is taking it', async () => {
    let release: () => void = () => {};
    const r = rig();
    const a = await addOffline(r, 7, 'a', checkIn(1, 10));
    r.queue['deps'].send = () => new Promise((resolve) => (release = () => resolve(null)));
    r.queue.wake();
    await vi.waitFor(() => expect(r.queue['sending']).toBe(a.id));
    await expect(r.queue.cancel(7, a.id)).rejects.toMatchObject({ status: 409, errors: [{ message: QUEUE_MESSAGES.beingSent }] });
    release();
    await r.queue.idle();
    expect(await r.queue.list(7)).toEqual([]);
  });

  it('tolerates a corrupt file: set aside, the queue starts empty, and good items of a hand-edited file stay', async () => {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, queueFileName(HUB, 7));
    await writeFile(file, '{"version":1,"items":[{"id":');
    const r = rig();
    expect(await r.queue.list(7)).toEqual([]);
    expect((await readdir(dir)).some((n) => n.startsWith(`${queueFileName(HUB, 7)}.unreadable-`))).toBe(true);
    const good = await addOffline(r, 7, 'good', checkIn(1, 10));
    const text = JSON.parse(await readFile(file, 'utf8'));
    text.items.push({ id: 'not-a-uuid' }, { ...good, id: crypto.randomUUID(), request: { method: 'POST', path: '/auth/logout', body: null } });
    await writeFile(file, JSON.stringify(text));
    expect((await r.queue.list(7)).map((i) => i.id)).toEqual([good.id]);
  });

  it('writes atomically: no temp file stays, concurrent adds all land', async () => {
    const r = rig({ whoAmI: async () => { throw answer(0, UNREACHABLE_MESSAGE); } });
    await Promise.all([1, 2, 3, 4, 5].map((n) => r.queue.add(7, `n${n}`, checkIn(n, n))));
    await r.queue.idle();
    r.queue.stop();
    expect(await readdir(dir)).toEqual([queueFileName(HUB, 7)]);
    expect((await r.queue.list(7)).map((i) => i.what).sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
  });
});

describe('tokenOwner: whose the held token is', () => {
  const user = {
    id: 7, name: 'Ana Pop', username: 'member', email: null, phone: null, imagePath: null, status: 'active', role: null, roleId: null,
    job: null, team: [], teamIds: [], leadTeamIds: [], managedTeamIds: [], teamlead: null, isOwner: false, isTeamLead: false,
    isTeamsManager: false, registered: true, joinDate: null, lastLogin: null, capabilities: [], accessLabel: 'User',
  };
  it("asks /auth/me without ending the session: the user's id, null when refused, the failure when there is no answer", async () => {
    const request = vi.fn().mockResolvedValueOnce({ user, firstLogin: false, passwordMustChange: false });
    expect(await tokenOwner({ request })()).toBe(7);
    expect(request).toHaveBeenCalledWith({ method: 'GET', path: '/auth/me' }, { endSessionOn401: false });
    request.mockRejectedValueOnce(answer(401, 'Unauthorized'));
    expect(await tokenOwner({ request })()).toBeNull();
    request.mockRejectedValueOnce(answer(0, UNREACHABLE_MESSAGE));
    await expect(tokenOwner({ request })()).rejects.toBeInstanceOf(HubError);
  });
});
