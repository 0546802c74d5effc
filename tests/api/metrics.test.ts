import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { NO_ROUTE } from '../../server/metrics/hub-metrics';
import { startHub, type RunningHub } from '../../server/start';
import { camelize } from '../../shared/api/case';
import { loginResponseSchema, meResponseSchema } from '../../shared/api/auth';
import { importRunResponseSchema } from '../../shared/api/imports';
import { freshTarget, type HubTarget } from '../support/hub-process';
import { parsePrometheusText, sampleValue, type Family } from '../support/prometheus-text';
import { openSseStream } from '../support/sse';

// GET /metrics in Prometheus' text format on a listener of its own
// (HUB_METRICS_PORT, loopback by default, HUB_METRICS_TOKEN as a bearer token), never on the hub's
// port. The scrape is parsed strictly (tests/support/prometheus-text.ts), as Prometheus would.

const TOKEN = randomBytes(24).toString('hex');
let target: HubTarget;
let hub: RunningHub;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  target = await freshTarget('hub-metrics');
  hub = await startHub({
    ...target, port: 0, webRoot: null, logger: false, demo: false, adminUsername: 'boss', adminPassword: 'metrics-secret',
    metrics: { host: '127.0.0.1', port: 0, token: TOKEN },
  });
  const login = await call('POST', '/api/auth/login', { body: { username: 'boss', password: 'metrics-secret' } });
  adminToken = loginResponseSchema.parse(camelize(await login.json())).data.accessToken;
  const me = await call('GET', '/api/auth/me', { token: adminToken });
  adminId = meResponseSchema.parse(camelize(await me.json())).data.user.id;
});
afterAll(async () => {
  await hub?.close();
  await target?.drop();
});

function call(method: string, pathname: string, options: { token?: string; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${hub.url}${pathname}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

async function scrape(): Promise<{ text: string; families: Map<string, Family> }> {
  const res = await fetch(hub.metricsUrl!, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await res.text();
  return { text, families: parsePrometheusText(text) };
}

const DURATION = 'bitstone_hub_http_request_duration_seconds';
const answered = (families: Map<string, Family>, labels: Record<string, string>) => sampleValue(families, DURATION, labels, `${DURATION}_count`) ?? 0;

describe('GET /metrics on the metrics listener', () => {
  it('counts requests by method, route pattern and status with their durations, and never a path', async () => {
    const marker = `mk${randomBytes(6).toString('hex')}`;
    const before = (await scrape()).families;
    const byId = { method: 'GET', route: '/api/user/:id', status_code: '200' };
    for (let i = 0; i < 3; i++) expect((await call('GET', `/api/user/${adminId}?${marker}=1`, { token: adminToken })).status).toBe(200);
    expect((await call('GET', `/api/no-such-${marker}`)).status).toBe(404);
    expect((await call('GET', `/api/user/${marker}`, { token: adminToken })).status).toBe(400);

    const { text, families } = await scrape();
    expect(families.get(DURATION)?.type).toBe('histogram');
    expect(answered(families, byId) - answered(before, byId)).toBe(3);
    expect(answered(families, { method: 'GET', route: NO_ROUTE, status_code: '404' }) - answered(before, { method: 'GET', route: NO_ROUTE, status_code: '404' })).toBe(1);
    expect(answered(families, { method: 'GET', route: '/api/user/:id', status_code: '400' })).toBe(1);
    // durations: a sum in seconds, and each answer in a bucket
    expect(sampleValue(families, DURATION, byId, `${DURATION}_sum`)).toBeGreaterThan(0);
    expect(sampleValue(families, DURATION, { ...byId, le: '10' }, `${DURATION}_bucket`)).toBe(answered(families, byId));
    // every route label is a pattern the hub registered (or none): no id, no query, no marker
    const routes = new Set(families.get(DURATION)!.samples.map((s) => s.labels.route));
    for (const route of routes) expect(route === NO_ROUTE || route.startsWith('/api/')).toBe(true);
    expect([...routes].some((route) => /\/\d+(\/|$)/.test(route))).toBe(false);
    expect(text).not.toContain(marker);
    expect(text).not.toContain(TOKEN);
  });

  it('reports the session cache, notification streams, import runs, the database pool, memory and event-loop delay', async () => {
    // the same token twice: the second lookup is the cache's (it follows session changes once the hub is ready)
    for (let i = 0; i < 2; i++) expect((await call('GET', '/api/auth/me', { token: adminToken })).status).toBe(200);
    const stream = openSseStream(hub.url, adminToken);
    await stream.next('ready');
    const imported = await call('POST', '/api/imports/days-left', { token: adminToken, body: { csv: 'email,days_left\n' } });
    expect(importRunResponseSchema.parse(camelize(await imported.json())).data.run.status).toBe('succeeded');
    expect((await call('POST', '/api/imports/days-left', { token: adminToken, body: { csv: 'email,days_left\nnobody,ten' } })).status).toBe(400);

    let { families } = await scrape();
    expect(sampleValue(families, 'bitstone_hub_session_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(0);
    expect(sampleValue(families, 'bitstone_hub_session_cache_lookups_total', { result: 'miss' })).toBeGreaterThan(0);
    expect(sampleValue(families, 'bitstone_hub_session_cache_following')).toBe(1);
    expect(sampleValue(families, 'bitstone_hub_session_cache_entries')).toBeGreaterThan(0);
    expect(sampleValue(families, 'bitstone_hub_notification_streams_open')).toBe(1);
    expect(sampleValue(families, 'bitstone_hub_import_runs_total', { source: 'days-left:csv', outcome: 'succeeded' })).toBe(1);
    expect(sampleValue(families, 'bitstone_hub_import_runs_total', { source: 'days-left:csv', outcome: 'failed' })).toBe(1);
    expect(families.get('bitstone_hub_import_runs_total')?.type).toBe('counter');

    if (hub.database.engine === 'postgres') {
      expect(sampleValue(families, 'bitstone_hub_db_pool_connections_max')).toBe(Number(process.env.PG_POOL_MAX ?? 10));
      expect(sampleValue(families, 'bitstone_hub_db_pool_connections_idle')).toBeGreaterThan(0);
      expect(sampleValue(families, 'bitstone_hub_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(families, 'bitstone_hub_db_pool_waiting')).toBe(0);
    } else {
      // PGlite: one connection inside the process, no pool to report
      expect([...families.keys()].filter((name) => name.startsWith('bitstone_hub_db_pool_'))).toEqual([]);
    }

    // the process: memory, heap, and the event loop's delay (prom-client's usual names)
    expect(sampleValue(families, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(families, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(families, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);

    stream.close();
    await stream.done;
    for (let i = 0; i < 50 && sampleValue(families, 'bitstone_hub_notification_streams_open') !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ({ families } = await scrape());
    }
    expect(sampleValue(families, 'bitstone_hub_notification_streams_open')).toBe(0);
  });

  it('answers only with the token: none or a wrong one is 401, and only /metrics, only GET', async () => {
    const url = hub.metricsUrl!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const none = await fetch(url);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain('bitstone_hub');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      expect((await fetch(url, { headers: { authorization } })).status).toBe(401);
    }
    expect((await fetch(new URL('/other', url), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
    expect((await fetch(`${url}?name[]=x`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('the hub\'s own port has no /metrics, with or without the token', async () => {
    for (const token of [undefined, TOKEN]) {
      const res = await call('GET', '/metrics', { token });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('bitstone_hub');
    }
    expect(new URL(hub.metricsUrl!).port).not.toBe(new URL(hub.url).port);
  });

  it('a hub without a metrics listener keeps no metrics at all', async () => {
    const plain = await buildApp({ database: hub.database, webRoot: null });
    try {
      expect(plain.metrics).toBeNull();
      expect((await plain.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
