import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app';
import type { SsoConfig } from '../../server/features/auth/sso/config';
import type { Database, Db } from '../../server/db/client';
import { CSRF_HEADER } from '../../shared/api/common';
import { createTestDatabase } from './test-db';

// A real hub on loopback for API tests (design §6): fresh database, real HTTP, snake_case wire.

export interface HubResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** parsed JSON when the answer is JSON, else the text */
  body: T;
}

export interface RequestOptions {
  token?: string;
  /** sent as JSON unless `raw` is given */
  body?: unknown;
  /** a raw request body (malformed JSON tests, a file's bytes) */
  raw?: string | Uint8Array<ArrayBuffer>;
  cookie?: string;
  /** adds x-hub-request: 1 (the web transport's CSRF header) */
  csrf?: boolean;
  headers?: Record<string, string>;
}

export interface TestHub {
  url: string;
  app: FastifyInstance;
  database: Database;
  db: Db;
  request<T = WireBody>(method: string, path: string, options?: RequestOptions): Promise<HubResponse<T>>;
  get<T = WireBody>(path: string, options?: RequestOptions): Promise<HubResponse<T>>;
  post<T = WireBody>(path: string, body?: unknown, options?: RequestOptions): Promise<HubResponse<T>>;
  /** Signs in and returns the bearer token and the raw login answer. */
  login(username: string, password?: string): Promise<{ token: string; body: WireBody }>;
  close(): Promise<void>;
  /** every route the hub registered, each method apart, as Fastify's onRoute hook saw them */
  routes: readonly { method: string; url: string }[];
}

/** The wire body as tests read it: loose JSON, asserted field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON; the hub's schemas are under test
export type WireBody = any;

export interface StartTestHubOptions {
  seed?: 'demo' | 'none';
  /** null: API only (default); a folder with index.html: the web build */
  webRoot?: string | null;
  /** honour X-Forwarded-* (tests of the hub behind a TLS proxy) */
  trustProxy?: boolean;
  /** single sign-on: the OIDC provider and slapd the SSO tests start */
  sso?: SsoConfig;
  /** the hub's log (off unless a test reads it) */
  logger?: BuildAppOptions['logger'];
  /** the desktop releases folder the hub serves (none by default) */
  releasesDir?: string | null;
  /** the SMTP relay (tests/support/smtp-sink.ts); none by default: the hub sends no e-mail */
  email?: BuildAppOptions['email'];
  /** false: the outbox sender runs only when a test drains it (default) */
  emailTimers?: boolean;
  /** keep the metrics (app.metrics), as a hub with a metrics listener does */
  metrics?: boolean;
  /** Admin → Webhooks' allow-list and links (none allowed, no links by default) */
  webhooks?: BuildAppOptions['webhooks'];
  /** the webhook sender's timers (off by default: tests drain it), resolver, connector, timeout */
  webhookOptions?: BuildAppOptions['webhookOptions'];
}

export async function startTestHub(options: StartTestHubOptions = {}): Promise<TestHub> {
  const database = await createTestDatabase(options.seed === 'demo' ? 'demo' : 'migrated');
  const routes: { method: string; url: string }[] = [];
  const app = await buildApp({ database, logger: options.logger ?? false, webRoot: options.webRoot ?? null, trustProxy: options.trustProxy, sso: options.sso, releasesDir: options.releasesDir, email: options.email, emailTimers: options.emailTimers ?? false, metrics: options.metrics,
    webhooks: options.webhooks ?? { allowHosts: [], publicUrl: null }, webhookOptions: { timers: false, ...options.webhookOptions }, onRoute: (route) => routes.push(route) });
  const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');

  const request = async <T>(method: string, path: string, opts: RequestOptions = {}): Promise<HubResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.csrf) headers[CSRF_HEADER] = '1';
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
  };

  let closed = false;
  return {
    url,
    app,
    database,
    db: database.db,
    routes,
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    async login(username, password = 'demo') {
      const res = await request<WireBody>('POST', '/api/auth/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { token: res.body.data.access_token as string, body: res.body };
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
    },
  };
}
