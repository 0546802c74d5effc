import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ADDRESS } from '../../server/features/auth/login';
import { objectiveChoicesResponseSchema, objectiveResponseSchema } from '../../shared/api/objectives';
import { loginResponseSchema, meResponseSchema } from '../../shared/api/auth';
import { camelize } from '../../shared/api/case';
import { errorBodySchema } from '../../shared/api/common';
import { readyResponseSchema } from '../../shared/api/health';
import { NOTIFICATION_STREAM_EVENT } from '../../shared/api/notifications';
import { ownSessionsResponseSchema } from '../../shared/api/sessions';
import { DEPLOY_HOST as HOST, startDeployStack, type DeployStack } from '../support/deploy-stack';
import type { HubProcess } from '../support/hub-process';
import type { RunningNginx } from '../support/nginx';
import { parsePrometheusText } from '../support/prometheus-text';
import { takeSseEvents } from '../support/sse';
import type { TestCertificates } from '../support/tls-ca';

// The deployment tested, not only described: deploy/nginx/bitstone-hub.conf in front
// of three hubs on one PostgreSQL, as docs/operations.md sets them up, checked from the outside
// through https with a throwaway CA: TLS and HTTP/2, the web app, sign-in and the API, a
// notification over server-sent events, X-Forwarded-For reaching the hubs, and requests landing on
// every hub with no stickiness, then on the one left when two are stopped.

let stack: DeployStack | undefined;
let certs: TestCertificates;
let hubs: HubProcess[] = [];
let nginx: RunningNginx | undefined;
let base: string;
let httpPort: number;
let agent: https.Agent;
let webRoot: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** the client's own address (any 127.x.y.z), to be several clients for the rate limit */
  from?: string;
}

/** One request through nginx, trusting only the test CA. */
function call(method: string, pathname: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { host: HOST, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = https.request(`${base}${pathname}`, { method, headers, agent: options.from ? undefined : agent, ca: certs.ca, servername: HOST, localAddress: options.from }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => camelize(JSON.parse(text)) }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

async function signIn(username: string): Promise<string> {
  const res = await call('POST', '/api/auth/login', { body: { username, password: 'demo' } });
  expect(res.status).toBe(200);
  return loginResponseSchema.parse(res.json()).data.accessToken;
}

/** 'request completed' lines of a route in each hub's log (the hubs log route patterns, not URLs). */
function completedOn(route: string): number[] {
  return hubs.map((hub) => hub.logLines().filter((line) => line.msg === 'request completed' && (line.req as { route?: string } | undefined)?.route === route).length);
}

/** The counts once the hubs' last log batches are written (every 250 ms, server/log-stream.ts). */
async function settledCounts(route: string): Promise<number[]> {
  await new Promise((resolve) => setTimeout(resolve, 750));
  return completedOn(route);
}

/** The hubs write their log in batches: waits until `count` more lines are in. */
async function loggedAll(route: string, since: number[], count: number): Promise<number[]> {
  const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0) - since.reduce((a, b) => a + b, 0);
  let counts = completedOn(route);
  for (let i = 0; i < 50 && total(counts) < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    counts = completedOn(route);
  }
  return counts;
}

beforeAll(async () => {
  // the web app as `npm run build:renderer` makes it, in a folder of this test's own
  webRoot = process.env.DEPLOY_WEB_ROOT || mkdtempSync(path.join(os.tmpdir(), 'hub-deploy-web-'));
  if (!process.env.DEPLOY_WEB_ROOT) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webRoot, '--emptyOutDir'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  // each hub also serves its metrics on a loopback port of its own (HUB_METRICS_PORT, here any free one)
  stack = await startDeployStack({ webRoot, hubEnv: { HUB_METRICS_PORT: '0' } });
  ({ certs, hubs, base, httpPort } = stack);
  nginx = stack.nginx;
  agent = new https.Agent({ keepAlive: true, ca: certs.ca });
}, 600_000);

afterAll(async () => {
  agent?.destroy();
  await stack?.stop();
  if (!process.env.DEPLOY_WEB_ROOT && webRoot) rmSync(webRoot, { recursive: true, force: true });
}, 120_000);

/** Server-sent events read through the proxy as they come (an EventSource over node:https). */
function openStream(token: string, headers: Record<string, string> = {}) {
  const events: Array<{ id?: string; event: string; data: unknown }> = [];
  let request: http.ClientRequest | undefined;
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    request = https.get(`${base}/api/notifications/stream`, { headers: { host: HOST, accept: 'text/event-stream', authorization: `Bearer ${token}`, ...headers }, ca: certs.ca, servername: HOST }, resolve);
    request.once('error', reject);
  });
  void opened.then((res) => {
    let buffer = '';
    res.setEncoding('utf8').on('data', (chunk: string) => {
      const taken = takeSseEvents(buffer + chunk);
      buffer = taken.rest;
      for (const { id, event, data } of taken.events) events.push({ id, event, data: camelize(data) });
    });
  });
  const nextEvent = async (name: string, timeoutMs = 15_000) => {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const at = events.findIndex((e) => e.event === name);
      if (at >= 0) return events.splice(at, 1)[0];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no '${name}' event through the proxy`);
  };
  const next = async (name: string, timeoutMs?: number) => (await nextEvent(name, timeoutMs)).data;
  /** the events received and not yet taken, in order */
  const pending = () => [...events];
  return { opened, next, nextEvent, pending, close: () => request?.destroy() };
}

describe('nginx in front of three hubs (deploy/nginx/bitstone-hub.conf)', () => {
  it('speaks TLS 1.3 and HTTP/2 with the certificate of our CA, and sends plain http to https', async () => {
    const session = http2.connect(base, { ca: certs.ca, servername: HOST });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        session.once('error', reject);
        const stream = session.request({ ':path': '/api/health/ready', ':authority': HOST });
        let body = '';
        let status = 0;
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        stream.once('end', () => resolve({ status, body }));
        stream.once('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');
      expect((session.socket as import('node:tls').TLSSocket).getProtocol()).toBe('TLSv1.3');
      expect(answer.status).toBe(200);
      expect(readyResponseSchema.parse(camelize(JSON.parse(answer.body))).data.status).toBe('ready');
    } finally {
      session.close();
    }

    const plain = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(`http://127.0.0.1:${httpPort}/login`, { headers: { host: HOST } }, resolve).once('error', reject));
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe(`https://${HOST}/login`);
    expect(nginx!.accessLog()).toContain('/api/health/ready HTTP/2.0" 200');
  });

  it('serves the web app: index.html and a hashed asset, precompressed by the hub', async () => {
    const index = await call('GET', '/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.headers['cache-control']).toBe('no-cache');
    const html = index.text;
    expect(html).toContain('<div id="root">');
    expect(index.headers['strict-transport-security']).toBe('max-age=63072000');

    // the build's paths are relative ('./assets/…'): the desktop app loads the same files from disk
    const script = /src="\.?(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await call('GET', script!, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(readdirSync(path.join(webRoot, 'assets'))).toContain(path.basename(script!));
  });

  it('signs in with a Secure cookie (X-Forwarded-Proto reached the hub) and answers the API', async () => {
    const login = await call('POST', '/api/auth/login', { body: { username: 'member', password: 'demo' } });
    expect(login.status).toBe(200);
    const cookie = [login.headers['set-cookie'] ?? []].flat().join('\n');
    expect(cookie).toMatch(/hub_session=[^;]+;.*Secure/i);
    const token = loginResponseSchema.parse(login.json()).data.accessToken;
    const me = await call('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(meResponseSchema.parse(me.json()).data.user.username).toBe('member');
    expect(me.headers['x-request-id']).toBeTruthy();
  });

  it('names each request with nginx\'s id: the answer, nginx\'s log and the hub\'s log lines carry the same one', async () => {
    const token = await signIn('member');
    // a client's own id is not taken: nginx sends its $request_id in its place
    const res = await call('GET', '/api/auth/me', { token, headers: { 'x-request-id': 'chosen-by-client' } });
    expect(res.status).toBe(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{32}$/); // once: two headers would read 'a, b'
    // nginx writes its log line after the answer has gone: wait for it
    await expect.poll(() => nginx!.accessLog(), { timeout: 5_000 }).toMatch(new RegExp(`"GET /api/auth/me HTTP/1\\.1" 200 .* upstream=127\\.0\\.0\\.1:\\d+ .* id=${id}$`, 'm'));
    let logged: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 50 && logged.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100)); // the hubs write their log every 250 ms
      logged = hubs.flatMap((hub) => hub.logLines().filter((line) => line.reqId === id));
    }
    expect(logged).toEqual([expect.objectContaining({ msg: 'request completed', reqId: id, req: { method: 'GET', route: '/api/auth/me' } })]);
    expect(hubs.map((hub) => hub.output()).join('')).not.toContain('chosen-by-client');
  });

  it('refuses /metrics, which the hubs serve only on their own metrics ports', async () => {
    for (const token of [undefined, await signIn('admin')]) {
      const res = await call('GET', '/metrics', { token });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('bitstone_hub');
      // nginx answered it itself, and named it all the same
      // nginx writes its log line after the answer has gone: wait for it
      await expect.poll(() => nginx!.accessLog(), { timeout: 5_000 }).toMatch(new RegExp(`"GET /metrics HTTP/1\\.1" 404 .* upstream=- .* id=${res.headers['x-request-id']}$`, 'm'));
    }
    // on loopback, as a Prometheus on this machine scrapes it: the requests that came through nginx
    const metricsUrl = hubs.map((hub) => /metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(hub.output())?.[1]);
    expect(metricsUrl.every(Boolean)).toBe(true);
    const answered = await Promise.all(metricsUrl.map(async (url) => {
      const scrape = await fetch(url!);
      expect(scrape.status).toBe(200);
      const family = parsePrometheusText(await scrape.text()).get('bitstone_hub_http_request_duration_seconds');
      return family!.samples.filter((s) => s.name.endsWith('_count') && s.labels.route === '/api/auth/login').reduce((sum, s) => sum + s.value, 0);
    }));
    expect(answered.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('passes the client address in X-Forwarded-For: sessions and the sign-in rate limit see it, not a forged one', async () => {
    const forged = { 'x-forwarded-for': '203.0.113.9' };
    const login = await call('POST', '/api/auth/login', { body: { username: 'guest', password: 'demo' }, from: '127.0.0.3', headers: forged });
    const token = loginResponseSchema.parse(login.json()).data.accessToken;
    const sessions = ownSessionsResponseSchema.parse((await call('GET', '/api/auth/sessions', { token, from: '127.0.0.3', headers: forged })).json()).data.items;
    expect(sessions.find((s) => s.current)?.lastAddress).toBe('127.0.0.3');

    // the address limit counts per client behind the proxy: one client is stopped, another is not
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      const failed = await call('POST', '/api/auth/login', { body: { username: `nobody-${i}`, password: 'wrong' }, from: '127.0.0.4', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      expect(failed.status).toBe(401);
    }
    const stopped = await call('POST', '/api/auth/login', { body: { username: 'nobody-x', password: 'wrong' }, from: '127.0.0.4' });
    expect(stopped.status).toBe(429);
    expect(errorBodySchema.parse(stopped.json()).errors).toHaveLength(1);
    expect((await call('POST', '/api/auth/login', { body: { username: 'nobody-x', password: 'wrong' }, from: '127.0.0.5' })).status).toBe(401);
  });

  it('delivers a notification over server-sent events through the proxy, and resumes with Last-Event-ID after a reconnect', async () => {
    const lead = await signIn('lead');
    const member = await signIn('member');
    const choices = objectiveChoicesResponseSchema.parse((await call('GET', '/api/objective/choices', { token: member })).json()).data;
    const me = meResponseSchema.parse((await call('GET', '/api/auth/me', { token: member })).json()).data.user;
    /** the member asks to complete a new objective: the lead is told */
    const askToComplete = async (title: string) => {
      const form = { team_id: choices.teams[0].id, owner_id: me.id, description: 'through nginx', category: 'Technology', subcategory: 'Development', priority: 'medium', deadline: new Date().toISOString().slice(0, 10), title };
      const created = await call('POST', '/api/objective', { token: member, body: form });
      expect(created.status).toBe(200);
      const id = objectiveResponseSchema.parse(created.json()).data.id;
      expect((await call('PUT', `/api/objective/${id}`, { token: member, body: { action: 'complete' } })).status).toBe(200);
    };
    const stream = openStream(lead);
    let lastId: string | undefined;
    try {
      const res = await stream.opened;
      expect(res.headers['content-type']).toContain('text/event-stream');
      await stream.next('ready');
      await askToComplete('Behind the proxy');
      const pushed = await stream.nextEvent(NOTIFICATION_STREAM_EVENT);
      const items = (pushed.data as { items: Array<{ id: number; body: string }> }).items;
      expect(items.map((item) => item.body)).toContainEqual(expect.stringMatching(/asks to complete "Behind the proxy"\.$/));
      expect(pushed.id).toBe(String(items.at(-1)!.id));
      lastId = pushed.id;
    } finally {
      stream.close();
    }

    // away meanwhile; nginx passes Last-Event-ID on to whichever hub it picks
    await askToComplete('Missed behind the proxy 1');
    await askToComplete('Missed behind the proxy 2');
    const again = openStream(lead, { 'last-event-id': lastId! });
    try {
      const ready = await again.nextEvent('ready');
      const replayed = again.pending().filter((e) => e.event === NOTIFICATION_STREAM_EVENT).flatMap((e) => (e.data as { items: Array<{ id: number; body: string }> }).items);
      expect(replayed.map((item) => item.body)).toEqual([
        expect.stringMatching(/asks to complete "Missed behind the proxy 1"\.$/),
        expect.stringMatching(/asks to complete "Missed behind the proxy 2"\.$/),
      ]);
      expect(ready.id).toBe(String(replayed[1].id));
    } finally {
      again.close();
    }
  });

  it('spreads requests over every hub with no stickiness, and the last hub standing answers them all', async () => {
    const token = await signIn('member');
    const route = '/api/auth/me';
    const before = await settledCounts(route);
    const ROUNDS = 60;
    for (let i = 0; i < ROUNDS; i++) expect((await call('GET', route, { token })).status).toBe(200);
    const spread = (await loggedAll(route, before, ROUNDS)).map((n, i) => n - before[i]);
    expect(spread.reduce((a, b) => a + b, 0)).toBe(ROUNDS);
    for (const n of spread) expect(n).toBeGreaterThan(0);

    // two hubs stopped (SIGTERM: they drain and exit 0): every request is answered by the third
    const stopped = await Promise.all([hubs[0].kill('SIGTERM'), hubs[1].kill('SIGTERM')]);
    expect(stopped).toEqual([{ code: 0, signal: null }, { code: 0, signal: null }]);
    const still = await settledCounts(route);
    const statuses: number[] = [];
    for (let i = 0; i < ROUNDS; i++) statuses.push((await call('GET', route, { token })).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const after = (await loggedAll(route, still, ROUNDS)).map((n, i) => n - still[i]);
    expect(after).toEqual([0, 0, ROUNDS]);
    // nginx's log names the hub that answered and the request id it passed on
    const ports = hubs.map((hub) => new URL(hub.url).port);
    const lines = nginx!.accessLog().split('\n').filter((line) => line.includes(`GET ${route} HTTP/1.1" 200`));
    for (const port of ports) expect(lines.some((line) => new RegExp(`upstream=127\\.0\\.0\\.1:${port} .* id=[0-9a-f]{32}$`).test(line))).toBe(true);
    console.log(`deploy: ${ROUNDS} requests through nginx landed ${spread.join(' / ')} on three hubs; with two stopped, ${after[2]} of ${ROUNDS} answered by the third, ${ROUNDS - statuses.filter((s) => s === 200).length} failed`);
  });
});
