import path from 'node:path';
import type { MetricsListenerOptions } from './metrics/metrics-listener';
import { ssoConfigFromEnv } from './features/auth';
import { emailConfigFromEnv } from './features/email';
import type { StartHubOptions } from './start';

/**
 * design §5 environment: PORT (8080), HOST (127.0.0.1), HUB_DATA_DIR (./.hub-data, the PGlite
 * folder), DATABASE_URL (PostgreSQL instead), HUB_DEMO=0 (a bootstrap admin from
 * HUB_ADMIN_USERNAME / HUB_ADMIN_PASSWORD instead of the demo company), HUB_WEB_ROOT (the built
 * renderer, default dist/renderer), HUB_TRUST_PROXY=1 (behind a reverse proxy), HUB_IMPORTS=0 (no scheduled imports),
 * HUB_RELEASES_DIR (the desktop releases the hub serves as the app's update server,
 * default `releases` in HUB_DATA_DIR, also on PostgreSQL; HUB_RELEASES_DIR=0 serves none),
 * HUB_DRAIN_DELAY and HUB_DRAIN_TIMEOUT (seconds of a stop's drain, start.ts),
 * HUB_METRICS_PORT, HUB_METRICS_HOST (127.0.0.1) and HUB_METRICS_TOKEN (GET /metrics on a
 * listener of its own; none without the port), HUB_SMTP_URL, HUB_MAIL_FROM, HUB_PUBLIC_URL,
 * HUB_SMTP_CA_FILE, HUB_COMPANY_NAME and HUB_DKIM_* (e-mail, docs/operations.md 'E-mail'; none
 * without HUB_SMTP_URL).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv, defaults: { port?: number } = {}): StartHubOptions {
  const port = env.PORT === undefined || env.PORT === '' ? (defaults.port ?? 8080) : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not '${env.PORT}'`);
  const dataDir = path.resolve(env.HUB_DATA_DIR || './.hub-data');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    demo: env.HUB_DEMO !== '0' && env.HUB_DEMO !== 'false',
    adminUsername: env.HUB_ADMIN_USERNAME || undefined,
    adminPassword: env.HUB_ADMIN_PASSWORD || undefined,
    webRoot: env.HUB_WEB_ROOT || undefined,
    trustProxy: env.HUB_TRUST_PROXY === '1',
    // design §3 scheduled imports; HUB_IMPORTS=0 turns them off (e.g. a read-only replica hub).
    imports: env.HUB_IMPORTS !== '0',
    // single sign-on: HUB_OIDC_* and HUB_LDAP_* (README, Single sign-on)
    sso: ssoConfigFromEnv(env),
    releasesDir: env.HUB_RELEASES_DIR === '0' ? null : path.resolve(env.HUB_RELEASES_DIR || path.join(dataDir, 'releases')),
    drainDelayMs: seconds(env, 'HUB_DRAIN_DELAY', 0) * 1000,
    drainTimeoutMs: seconds(env, 'HUB_DRAIN_TIMEOUT', 10) * 1000,
    metrics: metricsFromEnv(env),
    email: emailConfigFromEnv(env),
    logger: true,
  };
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 3600) throw new Error(`${name} must be a number of seconds, not '${raw}'`);
  return value;
}

/** Shortest HUB_METRICS_TOKEN taken: long enough that guessing it over the network is hopeless. */
export const MIN_METRICS_TOKEN_LENGTH = 24;

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * Metrics are not public (SECURITY.md 'Metrics'). They are served only on their own listener, loopback unless
 * HUB_METRICS_HOST says otherwise, and then only with a token; a token or host without a port is
 * a mistake worth stopping for, not a setting to ignore.
 */
function metricsFromEnv(env: NodeJS.ProcessEnv): MetricsListenerOptions | null {
  const token = env.HUB_METRICS_TOKEN || null;
  const host = env.HUB_METRICS_HOST || '127.0.0.1';
  if (env.HUB_METRICS_PORT === undefined || env.HUB_METRICS_PORT === '') {
    if (token !== null || env.HUB_METRICS_HOST) throw new Error('HUB_METRICS_TOKEN and HUB_METRICS_HOST need HUB_METRICS_PORT: metrics are served on a port of their own');
    return null;
  }
  const port = Number(env.HUB_METRICS_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`HUB_METRICS_PORT must be a port number, not '${env.HUB_METRICS_PORT}'`);
  if (token !== null && (token.length < MIN_METRICS_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new Error(`HUB_METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters, without spaces (e.g. openssl rand -hex 32)`);
  }
  if (token === null && !isLoopback(host)) throw new Error(`HUB_METRICS_HOST '${host}' is not a loopback address: set HUB_METRICS_TOKEN too, so only Prometheus may scrape it`);
  return { host, port, token };
}
