import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { MIGRATIONS_DIR, openDatabase, type Database } from './db/client';
import { acquireStartupLock } from './db/migrate-lock';
import { findPreparedDump, holdsDatabase, type PreparedChoice } from './db/prepared-data';
import { isDatabaseEmpty, seedBootstrapAdmin, seedDemoCompany } from './db/seed/index';
import { moveDemoDates } from './db/seed/move-demo-dates';
import { importJobs } from './features/imports';
import { digestJobs } from './features/digests';
import { emailJobs, queueReminderEmail } from './features/email';
import { listenForMetrics, type MetricsListener, type MetricsListenerOptions } from './metrics/metrics-listener';
import { Readiness, untilNoArrivals, type QuietOptions } from './features/health';
import { reminderJobs } from './features/notifications';
import { retentionJobs } from './features/personal-data';
import { startScheduler } from './scheduler';
import { fillSkeletons } from './features/team';
import { idempotencyJobs } from './plugins/idempotency-keys';

export interface StartHubOptions {
  /** 0 lets the OS pick a free port (the embedded hub, tests). */
  port?: number;
  host?: string;
  /** PGlite folder; ignored when databaseUrl is set. Omitted with no URL: in memory. */
  dataDir?: string;
  /** postgres://... runs on PostgreSQL instead of PGlite (design §3), same code. */
  databaseUrl?: string;
  /** design §5: an empty database gets the demo company, or (false) one bootstrap admin. */
  demo?: boolean;
  adminUsername?: string;
  adminPassword?: string;
  webRoot?: string | null;
  logger?: BuildAppOptions['logger'];
  trustProxy?: boolean;
  /** single sign-on (env.ts reads it from HUB_OIDC_* and HUB_LDAP_*) */
  sso?: BuildAppOptions['sso'];
  /**
   * The scheduled jobs: design §3 imports (sources in the 'importSources' setting), the
   * notification reminders and the retention job (its runs name the hub: host and address).
   * On for serve, off by default (tests).
   */
  imports?: boolean;
  /** the folder of desktop releases the hub serves as the app's update server; none when omitted */
  releasesDir?: string | null;
  /**
   * After close() is called, how long the hub keeps serving everything with
   * /health/ready at 503 (HUB_DRAIN_DELAY): for load balancers that poll readiness, and for nginx,
   * whose kept-alive connections to the hub are used up meanwhile (each answer closes its own).
   * Then, behind a proxy (trustProxy), it passes requests on until none come
   * (services/readiness.ts); then it stops listening.
   */
  drainDelayMs?: number;
  /** how long requests in flight get to finish before their connections are cut (HUB_DRAIN_TIMEOUT) */
  drainTimeoutMs?: number;
  /** when a hub behind a proxy stops listening after its drain delay; DRAIN_QUIET when omitted (tests set it) */
  drainQuiet?: QuietOptions;
  /**
   * The folder of the database prepared at build time (server/db/prepared-data.ts) that a
   * PGlite dataDir holding no database yet starts from. The embedded hub passes the folder of its
   * bundle; the web hub none.
   */
  preparedDir?: string | null;
  /**
   * GET /metrics for Prometheus on an address of its own (HUB_METRICS_HOST,
   * HUB_METRICS_PORT, HUB_METRICS_TOKEN); none when omitted. Never on the hub's own port.
   */
  metrics?: MetricsListenerOptions | null;
  /** the SMTP relay (HUB_SMTP_URL and the rest); none: the hub sends no e-mail */
  email?: BuildAppOptions['email'];
  /** Admin → Webhooks' allow-list and links; left out, HUB_WEBHOOK_ALLOW_HOSTS and HUB_PUBLIC_URL */
  webhooks?: BuildAppOptions['webhooks'];
}

export const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;

/**
 * The hub stops listening once no request has come for quietMs. nginx, after the 503 of
 * a request it passed on, sends this hub nothing for its fail_timeout (2 s in
 * deploy/nginx/bitstone-hub.conf), well beyond quietMs. With no such proxy (writes only, or one that
 * does not retry) the hub stops listening after maxMs all the same.
 */
export const DRAIN_QUIET: QuietOptions = { quietMs: 250, maxMs: 3_000 };

export interface RunningHub {
  url: string;
  app: FastifyInstance;
  database: Database;
  /** where Prometheus scrapes this hub (http://host:port/metrics); null without StartHubOptions.metrics */
  metricsUrl: string | null;
  /**
   * The drain (docs/operations.md 'Install and run'): readiness 503, then (after drainDelayMs, and behind a proxy) the requests the
   * proxy retries elsewhere answered 503 until none have come for DRAIN_QUIET.quietMs, then no new connections,
   * idle keep-alive connections closed, event streams ended, requests in flight finished (cut after
   * drainTimeoutMs), then the database closed.
   */
  close(): Promise<void>;
}

export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Seeds an empty database; a second hub racing us on the same PostgreSQL loses harmlessly. */
export async function seedIfEmpty(database: Database, options: Pick<StartHubOptions, 'demo' | 'adminUsername' | 'adminPassword'>, log: SeedLog): Promise<'demo' | 'admin' | 'none'> {
  if (!(await isDatabaseEmpty(database.db))) return 'none';
  try {
    if (options.demo ?? true) {
      await seedDemoCompany(database.db);
      log.info('seeded the demo company (users admin, owner, manager, lead, member, guest; password demo)');
      return 'demo';
    }
    const username = options.adminUsername || 'admin';
    if (!options.adminPassword) log.warn(`HUB_ADMIN_PASSWORD is not set: the bootstrap admin '${username}' has the password 'admin'. Change it.`);
    await seedBootstrapAdmin(database.db, { username, password: options.adminPassword || 'admin' });
    log.info(`created the bootstrap admin '${username}'`);
    return 'admin';
  } catch (error) {
    if (!(await isDatabaseEmpty(database.db))) return 'none'; // another hub seeded first
    throw error;
  }
}

/** The prepared dump a new PGlite folder starts from (none once the folder holds a database). */
function preparedFor(options: StartHubOptions): PreparedChoice | null {
  if (options.databaseUrl || !options.dataDir || !options.preparedDir || holdsDatabase(options.dataDir)) return null;
  return findPreparedDump(options.preparedDir, MIGRATIONS_DIR, options.demo ?? true);
}

export async function startHub(options: StartHubOptions = {}): Promise<RunningHub> {
  const prepared = preparedFor(options);
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, prepared: prepared && 'dump' in prepared ? prepared.dump : null });
  const readiness = new Readiness();
  let app: FastifyInstance | undefined;
  let metricsListener: MetricsListener | undefined;
  try {
    // hubs starting together on one empty PostgreSQL migrate and seed it once
    const startup = await acquireStartupLock(options.databaseUrl);
    try {
      await database.migrate();
      const unpacked = database.unpacked;
      const movedDays = unpacked?.demo ? await moveDemoDates(database.db, unpacked.seededAt) : 0;
      app = await buildApp({ database, logger: options.logger, webRoot: options.webRoot, trustProxy: options.trustProxy, sso: options.sso, releasesDir: options.releasesDir, readiness, metrics: Boolean(options.metrics), email: options.email ?? null, webhooks: options.webhooks });
      const built = app;
      if (unpacked) built.log.info({ file: unpacked.file, migration: unpacked.migration, movedDays }, 'new data folder: started from the prepared database');
      else if (prepared && 'skipped' in prepared) built.log.warn(`new data folder: the prepared database is not used (${prepared.skipped})`);
      await seedIfEmpty(database, options, { info: (m) => built.log.info(m), warn: (m) => built.log.warn(m) });
      // rows no hub has given their look-alike skeletons yet (older rows, the seed): the check reads them otherwise
      const filled = await fillSkeletons(database.db);
      if (filled > 0) built.log.info({ filled }, 'username skeletons filled in');
    } finally {
      await startup.release();
    }
    const log = app.log;
    const address = await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
    const url = address.replace(/\/+$/, '');
    if (options.metrics && app.metrics) {
      metricsListener = await listenForMetrics(app.metrics, options.metrics, (error) => log.error({ err: error }, 'metrics could not be collected'));
      log.info(`metrics on ${metricsListener.url}`);
    }
    const metrics = metricsListener;
    const db = database.db;
    const scheduler = options.imports ? startScheduler(db, log, { ...importJobs(db, log, app.metrics), ...reminderJobs(db, log, queueReminderEmail), ...emailJobs(db, log), ...digestJobs(db, log), ...retentionJobs(db, log, { hub: `${hostname()} ${url}` }), ...idempotencyJobs(db, log) }) : null;
    const started = app;
    let closing: Promise<void> | undefined;
    return {
      url,
      app: started,
      database,
      metricsUrl: metrics?.url ?? null,
      close: () =>
        (closing ??= (async () => {
          try {
            readiness.startDraining();
            if (options.drainDelayMs) await new Promise((resolve) => setTimeout(resolve, options.drainDelayMs));
            // only a proxy has another hub to pass requests on to (the desktop app's hub has none)
            if (options.trustProxy) {
              log.info('draining: passing requests on');
              readiness.startPassingOn();
              const quiet = options.drainQuiet ?? DRAIN_QUIET;
              if (!(await untilNoArrivals(readiness, quiet))) log.warn({ maxMs: quiet.maxMs }, 'draining: requests still arriving; no longer waiting for them to stop');
            }
            log.info('draining: no new connections');
            await Promise.all([scheduler?.stop(), closeWithin(started, options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS)]);
          } finally {
            // scraped until the hub has drained: the drain shows in the metrics
            await metrics?.close();
            await database.close();
          }
        })()),
    };
  } catch (error) {
    await metricsListener?.close();
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

/**
 * Fastify's close() (preClose ends the event streams, then no new connections and idle ones closed)
 * waits for every request in flight; one that has not finished in time has its connection cut.
 */
async function closeWithin(app: FastifyInstance, timeoutMs: number): Promise<void> {
  const timer = setTimeout(() => {
    app.log.warn({ timeoutMs }, 'requests still in flight after the drain timeout: closing their connections');
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
