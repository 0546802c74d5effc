import path from 'node:path';
import { ssoConfigFromEnv } from './services/sso/config';
import type { StartHubOptions } from './start';

/**
 * design §5 environment: PORT (8080), HOST (127.0.0.1), HUB_DATA_DIR (./.hub-data, the PGlite
 * folder), DATABASE_URL (PostgreSQL instead), HUB_DEMO=0 (a bootstrap admin from
 * HUB_ADMIN_USERNAME / HUB_ADMIN_PASSWORD instead of the demo company), HUB_WEB_ROOT (the built
 * renderer, default dist/renderer), HUB_TRUST_PROXY=1 (behind a reverse proxy), HUB_IMPORTS=0 (no scheduled imports),
 * HUB_RELEASES_DIR (issue 22: the desktop releases the hub serves as the app's update server,
 * default `releases` in HUB_DATA_DIR, also on PostgreSQL; HUB_RELEASES_DIR=0 serves none),
 * HUB_DRAIN_DELAY and HUB_DRAIN_TIMEOUT (issue 23: seconds of a stop's drain, start.ts).
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
    // issue 11 single sign-on: HUB_OIDC_* and HUB_LDAP_* (README, Single sign-on)
    sso: ssoConfigFromEnv(env),
    releasesDir: env.HUB_RELEASES_DIR === '0' ? null : path.resolve(env.HUB_RELEASES_DIR || path.join(dataDir, 'releases')),
    drainDelayMs: seconds(env, 'HUB_DRAIN_DELAY', 0) * 1000,
    drainTimeoutMs: seconds(env, 'HUB_DRAIN_TIMEOUT', 10) * 1000,
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
