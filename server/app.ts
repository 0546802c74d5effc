import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from './db/client';
import { LOG_FIELDS } from './log-fields';
import { batchedStdout } from './log-stream';
import { installAppCompat } from './plugins/app-compat';
import { installAuth } from './plugins/auth';
import { answerWithRequestId, RequestLog, requestIdOf } from './plugins/request-log';
import { measureRequests } from './plugins/request-metrics';
import { HubMetrics } from './metrics/hub-metrics';
import { docsRoute, registerDocs } from './plugins/docs';
import { frameworkErrors, installApiNotFound, installErrorHandler } from './plugins/errors';
import { registerWeb } from './plugins/web';
import { installWireContract } from './plugins/wire-contract';
import { installJsonCompression } from './plugins/compress-json';
import { installIdempotency } from './plugins/idempotency';
import { adminRoutes } from './features/admin/admin-routes';
import { auditRoutes } from './features/audit/audit-routes';
import { linksRoutes } from './features/dashboard/links-routes';
import { personalDataErasureRoutes } from './features/personal-data/personal-data-erasure-routes';
import { retentionRoutes } from './features/personal-data/retention-routes';
import { timelineRoutes } from './features/timeline/timeline-routes';
import { planRoutes } from './features/plans/plans-routes';
import { statisticsRoutes } from './features/statistics/statistics-routes';
import { evaluationRoutes } from './features/evaluations/evaluations-routes';
import { notificationRoutes } from './features/notifications/notifications-routes';
import { preferencesRoutes } from './features/settings/preferences-routes';
import { personalDataExportRoutes } from './features/personal-data/personal-data-export-routes';
import { authRoutes } from './features/auth/auth-routes';
import { ssoRoutes } from './features/auth/sso-routes';
import { passwordRoutes } from './features/auth/password-routes';
import { ownSessionsRoutes } from './features/auth/own-sessions-routes';
import { apiTokensRoutes } from './features/api-tokens/api-tokens-routes';
import { NO_SSO, type SsoConfig } from './features/auth';
import { closeConnectionsWhileDraining, Readiness } from './features/health';
import { followSessionChanges, SessionCache } from './features/auth';
import { healthRoutes } from './features/health/health-routes';
import { importsRoutes } from './features/imports/imports-routes';
import { holidaysRoutes } from './features/holidays/holidays-routes';
import { calendarFeedsRoutes } from './features/holidays/calendar-feeds-routes';
import { myTeamRoutes } from './features/team/my-team-routes';
import { objectiveRoutes } from './features/objectives/objectives-routes';
import { keyResultRoutes } from './features/objectives/key-results-routes';
import { checkInRoutes } from './features/objectives/check-ins-routes';
import { approvalRoutes } from './features/objectives/approvals-routes';
import { alignmentRoutes } from './features/alignment/alignment-routes';
import { peopleRoutes } from './features/team/people-routes';
import { timetrackingRoutes } from './features/timetracking/timetracking-routes';
import { orgChartRoutes } from './features/org-chart/org-chart-routes';
import { desktopReleasesRoutes } from './features/desktop-updates/desktop-releases-routes';
import { emailRoutes } from './features/email/email-routes';
import { emailUnsubscribeRoutes } from './features/email/email-unsubscribe-routes';
import { startEmail, type EmailConfig } from './features/email';
import { startWebhooks, webhookConfigFromEnv, type WebhookConfig, type WebhookServiceOptions } from './features/webhooks';
import { webhookRoutes } from './features/webhooks/webhook-routes';
import './types';

export interface BuildAppOptions {
  database: Database;
  /** false (tests), true (info level) or pino options; redaction is always added. */
  logger?: boolean | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  /** The built renderer (design §1 web build); null serves the API only. */
  webRoot?: string | null;
  /** Trust X-Forwarded-* from a reverse proxy (rate limits count per client address). */
  trustProxy?: boolean;
  /** OpenID Connect and LDAP sign-in (server/features/auth/sso/config.ts); none by default */
  sso?: SsoConfig;
  /** the desktop releases folder the hub serves updates from (HUB_RELEASES_DIR); none by default */
  releasesDir?: string | null;
  /** set draining by whoever stops the hub (start.ts); a fresh one by default */
  readiness?: Readiness;
  /**
   * Count requests and keep the metrics (app.metrics) that start.ts serves on its metrics
   * listener. Off by default: prom-client's process metrics sample the event loop from the moment
   * they exist, which a hub nobody scrapes (tests, the desktop app's) need not pay for.
   */
  metrics?: boolean;
  /**
   * The SMTP relay (HUB_SMTP_URL and the rest, server/features/email/email-config.ts); null or
   * left out, the hub sends no e-mail. emailTimers false: the outbox sender runs only when asked.
   */
  email?: EmailConfig | null;
  emailTimers?: boolean;
  /**
   * Webhooks (HUB_WEBHOOK_ALLOW_HOSTS, HUB_PUBLIC_URL: server/features/webhooks/webhook-config.ts);
   * left out, read from the environment. webhookOptions: tests' timers, resolver, connector.
   */
  webhooks?: WebhookConfig;
  webhookOptions?: Omit<WebhookServiceOptions, 'log'>;
  /** told of each route as it is registered, with each of its methods: the live route table */
  onRoute?: (route: { method: string; url: string }) => void;
}

export const DEFAULT_WEB_ROOT = path.resolve('dist/renderer');
export const BODY_LIMIT_BYTES = 1024 * 1024;

// Tokens, passwords and cookies never reach the logs. Bodies are never logged (Fastify
// logs method, route pattern and status only); the headers that could carry secrets are redacted in case
// a plugin or an error serializer ever includes them.
const REDACT = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
  censor: '[redacted]',
};

function loggerOptions(logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? { level: process.env.LOG_LEVEL ?? 'info', stream: batchedStdout() } : logger;
  // request and error fields without any value the request carried (log-fields.ts)
  return { ...base, ...LOG_FIELDS, redact: REDACT };
}

/** The hub: API under /api, the web build at /. Tests and the desktop app build it in-process. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Close keep-alive sockets on shutdown so app.close() finishes once in-flight requests do.
    forceCloseConnections: 'idle',
    // a request that reaches a closing hub on a connection it already had is served
    // (its answer closes the connection) rather than refused with 503, which nginx may not pass
    // on to another hub for a POST. close() still waits for it, within the drain timeout.
    return503OnClosing: false,
    frameworkErrors,
    // one line per request instead of Fastify's two (plugins/request-log.ts)
    logController: new RequestLog(),
    // the proxy's X-Request-Id when the proxy is trusted, so nginx's log and ours share it
    genReqId: requestIdOf(options.trustProxy ?? false),
  });
  const onRoute = options.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => [route.method].flat().forEach((method) => onRoute({ method, url: route.url })));
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('sso', options.sso ?? NO_SSO);
  app.decorate('sessionCache', new SessionCache());
  app.decorate('metrics', options.metrics ? new HubMetrics({ database: options.database, sessionCache: app.sessionCache }) : null);
  if (app.metrics) measureRequests(app, app.metrics);
  const email = startEmail(options.database.db, options.email ?? null, {
    log: { info: (m) => app.log.info(m), warn: (o, m) => app.log.warn(o, m), error: (o, m) => app.log.error(o, m) },
    metrics: app.metrics,
    timers: options.emailTimers,
  });
  app.decorate('email', email);
  app.addHook('onClose', () => email.close());
  const webhooks = startWebhooks(options.database.db, options.webhooks ?? webhookConfigFromEnv(process.env), {
    log: { warn: (o, m) => app.log.warn(o, m), error: (o, m) => app.log.error(o, m) },
    delivered: (row, outcome) => app.metrics?.outboxDelivered(row.channel, outcome),
    ...options.webhookOptions,
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', () => webhooks.close());
  const readiness = options.readiness ?? new Readiness();
  app.decorate('readiness', readiness);
  closeConnectionsWhileDraining(app, readiness);
  let stopFollowing = async () => {};
  app.addHook('onReady', async () => {
    stopFollowing = followSessionChanges(options.database, app.sessionCache, app.log);
  });
  app.addHook('onClose', () => stopFollowing());
  // a deadlock or serialization failure PostgreSQL cancelled, run again (db/transaction-retry.ts):
  // frequent ones point at two writers locking in opposite orders
  const stopHearingRetries = options.database.onTransactionRetry((event) => app.log.warn(event, 'transaction cancelled by the database: running it again'));
  app.addHook('onClose', async () => stopHearingRetries());

  installErrorHandler(app);
  answerWithRequestId(app);
  await app.register(fastifyCookie);
  await registerDocs(app); // before the routes: swagger collects them as they are added

  await app.register(
    async (api) => {
      installWireContract(api);
      installIdempotency(api); // creating POSTs with an Idempotency-Key; its onSend sees the answer before compression
      installJsonCompression(api); // large JSON answers compressed (plugins/compress-json.ts)
      installApiNotFound(api);
      installAppCompat(api); // before sign-in, so an old app hears why at its first call
      installAuth(api);
      await api.register(healthRoutes);
      await api.register(docsRoute);
      await api.register(authRoutes);
      await api.register(passwordRoutes);
      await api.register(ownSessionsRoutes);
      await api.register(apiTokensRoutes); // Settings → API tokens, Admin → API tokens
      await api.register(ssoRoutes);
      await api.register(myTeamRoutes);
      await api.register(objectiveRoutes);
      await api.register(keyResultRoutes);
      await api.register(checkInRoutes);
      await api.register(approvalRoutes);
      await api.register(alignmentRoutes); // alignment: levels, links, roll-ups and the alignment view
      await api.register(peopleRoutes);
      await api.register(timetrackingRoutes);
      await api.register(importsRoutes);
      await api.register(holidaysRoutes);
      await api.register(calendarFeedsRoutes); // Settings' calendar feeds and the feeds themselves
      await api.register(adminRoutes);
      await api.register(linksRoutes);
      await api.register(personalDataErasureRoutes);
      await api.register(auditRoutes);
      await api.register(retentionRoutes);
      await api.register(timelineRoutes);
      await api.register(planRoutes);
      await api.register(statisticsRoutes);
      await api.register(evaluationRoutes);
      await api.register(orgChartRoutes);
      await api.register(notificationRoutes);
      await api.register(preferencesRoutes);
      await api.register(personalDataExportRoutes);
      await api.register(desktopReleasesRoutes, { releasesDir: options.releasesDir ?? null });
      await api.register(emailRoutes); // Admin → E-mail
      await api.register(webhookRoutes); // Admin → Webhooks
    },
    { prefix: '/api' },
  );

  // a message's unsubscribe link: signed out, outside /api and its session and CSRF rules
  await app.register(emailUnsubscribeRoutes);
  await registerWeb(app, options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot);
  return app;
}
