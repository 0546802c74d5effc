import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { startHub, type RunningHub } from '../../server/start';
import { camelize } from '../../shared/api/case';
import { errorBodySchema } from '../../shared/api/common';
import { healthResponseSchema, READY_MESSAGES, readyResponseSchema } from '../../shared/api/health';
import { loginResponseSchema } from '../../shared/api/auth';
import { freshTarget, startHubProcess, type HubProcess, type HubTarget } from '../support/hub-process';

// /api/health says the hub is alive, /api/health/ready whether it should get work: not
// before its database is migrated, and not from the moment it starts to drain. A drain finishes
// what the hub took in (bounded), closes keep-alive connections, ends event streams, and a new
// connection is refused once it stops listening.

const readyOf = (body: unknown) => readyResponseSchema.parse(camelize(body)).data;
const errorsOf = (body: unknown) => errorBodySchema.parse(body).errors.map((e) => e.message);

async function get(url: string): Promise<{ status: number; body: unknown; connection: string | null }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json(), connection: res.headers.get('connection') };
}

/** Resolves true once a new TCP connection to the port is refused. */
async function refusedWithin(port: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** A sign-in whose body arrives in two parts: in flight from its headers until `finish()`. */
function slowSignIn(url: string): { finish(): void; answer: Promise<{ status: number; head: string; body: string }>; closed: Promise<void> } {
  const { port } = new URL(url);
  const body = JSON.stringify({ username: 'member', password: 'demo' });
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const answer = closed.then(() => {
    const [head, ...rest] = received.split('\r\n\r\n');
    return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), head: head.toLowerCase(), body: rest.join('\r\n\r\n') };
  });
  socket.on('error', () => {});
  return { finish: () => socket.write(body.slice(10)), answer, closed };
}

describe('readiness before migrations', () => {
  let target: HubTarget;
  beforeAll(async () => {
    target = await freshTarget('hub-ready');
  });
  afterAll(async () => {
    await target?.drop();
  });

  it('answers 503 until the database is migrated, then 200', { timeout: 120_000 }, async () => {
    const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    const app = await buildApp({ database, webRoot: null });
    try {
      const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');
      const before = await get(`${url}/api/health/ready`);
      expect(before.status).toBe(503);
      expect(errorsOf(before.body)).toEqual([READY_MESSAGES.migrationsPending]);

      await database.migrate();
      const after = await get(`${url}/api/health/ready`);
      expect(after.status).toBe(200);
      expect(readyOf(after.body)).toEqual({ status: 'ready' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a hub that drains', () => {
  let target: HubTarget;
  let hub: RunningHub | undefined;
  beforeAll(async () => {
    target = await freshTarget('hub-drain');
  });
  afterAll(async () => {
    await hub?.close();
    await target?.drop();
  });

  it('says not ready, finishes the request in flight, closes keep-alive connections and event streams, then refuses connections', { timeout: 120_000 }, async () => {
    // a drain delay, as for a load balancer that polls readiness, so 'draining' can be seen answered
    hub = await startHub({ ...target, port: 0, webRoot: null, drainDelayMs: 1_000, drainTimeoutMs: 8_000 });
    const { url } = hub;
    const port = Number(new URL(url).port);
    expect(readyOf((await get(`${url}/api/health/ready`)).body)).toEqual({ status: 'ready' });

    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'member', password: 'demo' }) });
    const token = loginResponseSchema.parse(camelize(await login.json())).data.accessToken;

    // an idle keep-alive connection, as nginx's upstream pool holds them
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { idleClosed } = await new Promise<{ idleClosed: Promise<void> }>((resolve, reject) => {
      http.get(`${url}/api/health`, { agent }, (res) => {
        const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
        res.resume();
        res.once('end', () => resolve({ idleClosed: closed }));
      }).once('error', reject);
    });

    // the notification stream, open
    const stream = await fetch(`${url}/api/notifications/stream`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(200);
    const streamEnded = (async () => {
      const reader = stream.body!.getReader();
      while (!(await reader.read()).done);
    })();

    const slow = slowSignIn(url);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the hub has its headers

    const started = Date.now();
    const closing = hub.close();

    // draining: not ready, still alive and serving, and every answer closes its connection
    const ready = await get(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(errorsOf(ready.body)).toEqual([READY_MESSAGES.draining]);
    expect(ready.connection).toBe('close');
    const alive = await get(`${url}/api/health`);
    expect(alive.status).toBe(200);
    expect(healthResponseSchema.parse(camelize(alive.body)).data.status).toBe('ok');

    // once the delay is over it stops listening; idle connections and the stream are closed
    expect(await refusedWithin(port, 5_000)).toBe(true);
    await expect(Promise.race([idleClosed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 2_000))])).resolves.toBe('closed');
    await expect(Promise.race([streamEnded.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 2_000))])).resolves.toBe('ended');

    // the request in flight is finished and answered, on a connection the hub then closes
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect(answer.head).toContain('connection: close');
    expect(loginResponseSchema.parse(camelize(JSON.parse(answer.body))).data.user.username).toBe('member');

    await closing;
    const drainedIn = Date.now() - started;
    expect(drainedIn).toBeLessThan(8_000);
    hub = undefined;
    expect(await refusedWithin(port, 100)).toBe(true);
    agent.destroy();
    console.log(`drain: refused new connections after the 1 s delay, the request in flight answered 200, closed in ${drainedIn} ms`);
  });

  it('cuts a request that does not finish within the drain timeout', { timeout: 120_000 }, async () => {
    hub = await startHub({ ...target, port: 0, webRoot: null, drainTimeoutMs: 500 });
    const slow = slowSignIn(hub.url); // never finished
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await hub.close();
    hub = undefined;
    expect(Date.now() - started).toBeLessThan(3_000);
    await slow.closed;
    expect((await slow.answer).status).toBe(0);
  });
});

describe('SIGTERM to a hub process', () => {
  let target: HubTarget;
  let proc: HubProcess | undefined;
  beforeAll(async () => {
    target = await freshTarget('hub-sigterm');
  });
  afterAll(async () => {
    await proc?.kill('SIGKILL');
    await target?.drop();
  });

  it('drains (ready 503, alive 200), stops listening and exits 0', { timeout: 120_000 }, async () => {
    proc = await startHubProcess({ target, env: { HUB_DRAIN_DELAY: '1' } });
    const { url } = proc;
    expect((await get(`${url}/api/health/ready`)).status).toBe(200);
    proc.child.kill('SIGTERM');
    // the signal is handled at once
    let ready = await get(`${url}/api/health/ready`);
    for (let i = 0; ready.status === 200 && i < 40; i++) ready = await get(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(errorsOf(ready.body)).toEqual([READY_MESSAGES.draining]);
    expect((await get(`${url}/api/health`)).status).toBe(200);
    expect(await refusedWithin(Number(new URL(url).port), 10_000)).toBe(true);
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(proc.logLines().filter((line) => line.level >= 50)).toEqual([]);
    proc = undefined;
  });
});
