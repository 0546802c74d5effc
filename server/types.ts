import type { SessionUser } from '../shared/api/users';
import type { ApiTokenScope } from '../shared/rules/api-tokens';
import type { Database, Db } from './db/client';
import type { HubMetrics } from './metrics/hub-metrics';
import type { Readiness } from './features/health';
import type { SessionCache } from './features/auth';
import type { EmailService } from './features/email';
import type { WebhookService } from './features/webhooks';

// What the plugins add to Fastify's instance and request types (one declaration, read by every route).
declare module 'fastify' {
  interface FastifyInstance {
    /** The hub's database handle (design §3: PGlite or PostgreSQL behind one type). */
    db: Db;
    database: Database;
    /** Session users this hub has read, kept while nothing they are built from changes. */
    sessionCache: SessionCache;
    /** draining from SIGTERM on (GET /health/ready answers 503) */
    readiness: Readiness;
    /** what GET /metrics reports; null when the hub serves no metrics (BuildAppOptions.metrics) */
    metrics: HubMetrics | null;
    /** the SMTP relay and the outbox sender; without HUB_SMTP_URL a service that sends nothing */
    email: EmailService;
    /** the webhook sender (Admin → Webhooks) */
    webhooks: WebhookService;
  }
  interface FastifyRequest {
    /**
     * The signed-in user. The auth hook sets it before any non-public /api handler runs, so
     * handlers read it without a null check; public routes (login, health, docs) must not.
     */
    actor: SessionUser;
    /** The session behind `actor`: logout revokes it, /auth/me reports its firstLogin. */
    session: { id: number; firstLogin: boolean; passwordMustChange: boolean; via: 'bearer' | 'cookie' } | null;
    /** The personal API token behind `actor` (then `session` is null): its scope limits what it reaches. */
    apiToken: { id: number; name: string; scope: ApiTokenScope } | null;
  }
}

export {};
