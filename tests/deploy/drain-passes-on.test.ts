import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type RunningHub } from '../../server/start';
import { loginResponseSchema, meResponseSchema } from '../../shared/api/auth';
import { camelize } from '../../shared/api/case';
import { errorBodySchema } from '../../shared/api/common';
import { READY_MESSAGES } from '../../shared/api/health';
import { objectiveChoicesResponseSchema, objectiveResponseSchema } from '../../shared/api/objectives';

// After its drain delay a stopping hub behind a proxy makes nginx leave it alone before
// it stops listening (server/features/health/readiness.ts): the requests nginx passes to another hub after
// a 503 (GET, HEAD, OPTIONS, PUT, DELETE) are answered 503 without being run, POST and PATCH are
// still served, the health checks keep their true answers, and the hub stops listening only once
// no request has come for a while. tests/deploy/rolling-restart.test.ts shows the effect behind nginx.

const QUIET_MS = 3_000;

let dir: string;
let hub: RunningHub | undefined;

interface Answer {
  status: number;
  body: unknown;
  connection: string | null;
  retryAfter: string | null;
}

async function call(method: string, pathname: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${hub!.url}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? camelize(JSON.parse(text)) : null, connection: res.headers.get('connection'), retryAfter: res.headers.get('retry-after') };
}

async function signIn(): Promise<string> {
  const res = await call('POST', '/api/auth/login', undefined, { username: 'member', password: 'demo' });
  return loginResponseSchema.parse(res.body).data.accessToken;
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hub-passes-on-'));
});

afterAll(async () => {
  await hub?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a draining hub after its drain delay', () => {
  it('answers 503 to what nginx passes on, serves writes, and stops listening once requests stop', { timeout: 180_000 }, async () => {
    // a long quiet period, so this test's own pace never looks like the proxy having gone
    // behind a proxy (HUB_TRUST_PROXY=1): only then has the hub another one to pass requests on to
    hub = await startHub({ dataDir: path.join(dir, 'data'), port: 0, webRoot: null, trustProxy: true, drainDelayMs: 1_000, drainQuiet: { quietMs: QUIET_MS, maxMs: 20_000 } });
    const port = Number(new URL(hub.url).port);
    const [token, other] = [await signIn(), await signIn()];
    const me = meResponseSchema.parse((await call('GET', '/api/auth/me', token)).body).data.user;
    const choices = objectiveChoicesResponseSchema.parse((await call('GET', '/api/objective/choices', token)).body).data;
    const form = {
      team_id: choices.teams[0].id, owner_id: me.id, description: 'written while the hub drains', category: 'Technology',
      subcategory: 'Development', priority: 'medium', deadline: new Date().toISOString().slice(0, 10),
    };

    const closing = hub.close();
    // the drain delay: not ready, everything else served
    const during = await call('GET', '/api/auth/me', token);
    expect(during.status).toBe(200);
    expect(during.connection).toBe('close');

    // then reads are passed on: 503 with the readiness message, the connection closed
    let read = during;
    for (let i = 0; read.status === 200 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      read = await call('GET', '/api/auth/me', token);
    }
    expect(read.status).toBe(503);
    expect(errorBodySchema.parse(read.body).errors.map((e) => e.message)).toEqual([READY_MESSAGES.draining]);
    expect(read.connection).toBe('close');
    expect(read.retryAfter).toBe('1');

    // a DELETE is not run: the other session, which it would end, still writes below
    const ended = await call('DELETE', '/api/auth/sessions', token, {});
    expect(ended.status).toBe(503);
    expect((await call('HEAD', '/api/auth/me', token)).status).toBe(503);

    // POST is served (nginx would not pass it on), and the health checks answer as they are; the
    // write is made with the session the DELETE would have ended
    const write = await call('POST', '/api/objective', other, { ...form, title: 'written while passing on' });
    expect(write.status).toBe(200);
    expect(objectiveResponseSchema.parse(write.body).data.title).toBe('written while passing on');
    expect(write.connection).toBe('close');
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect((await call('GET', '/api/health/ready')).status).toBe(503);
    const lastRequestAt = Date.now();

    // no more requests: the hub stops listening after the quiet period, not before
    let refusedAt = 0;
    while (!refusedAt && Date.now() - lastRequestAt < 15_000) {
      if (await refused(port)) refusedAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refusedAt).toBeGreaterThan(0);
    // (the hub counts from the last request's arrival, a little before its answer came back here)
    expect(refusedAt - lastRequestAt).toBeGreaterThanOrEqual(QUIET_MS - 500);
    await closing;
    hub = undefined;
    console.log(`passing on: reads 503, writes served; stopped listening ${refusedAt - lastRequestAt} ms after the last request (quiet period ${QUIET_MS} ms)`);
  });
});
