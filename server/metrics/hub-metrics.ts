import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ImportRun } from '../../shared/api/imports';
import type { Database } from '../db/client';
import type { SessionCache } from '../features/auth';

// What a hub tells Prometheus (GET /metrics on its metrics listener,
// metrics-listener.ts; docs/operations.md lists them). One registry per hub, not prom-client's
// global one: tests build several hubs in one process, and each must count only its own.
//
// No value a request carried becomes a label (as in the log: SECURITY.md 'Logging'): a request is counted by
// its method, route pattern and status, never its path.

const PREFIX = 'bitstone_hub_';

/** Seconds. Most routes answer in 0.3 to 50 ms (README 'Performance'), reports and imports in up to seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route answered (a 404, a deep link of the web app, a malformed path). */
export const NO_ROUTE = '(none)';

export interface MetricSources {
  database: Pick<Database, 'poolStats'>;
  sessionCache: Pick<SessionCache, 'lookups' | 'size' | 'following'>;
}

export interface AnsweredRequest {
  method: string;
  /** the route pattern (`/api/user/:id`); undefined when no route answered */
  route: string | undefined;
  status: number;
  seconds: number;
}

/** A hub's metrics: counted as things happen, or read from their owners at each scrape. */
export class HubMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status_code'>;
  readonly #importRuns: Counter<'source' | 'outcome'>;
  readonly #outboxDeliveries: Counter<'channel' | 'outcome'>;
  #openStreams: () => number = () => 0;
  #outboxDepth: () => Promise<Array<{ channel: string; queued: number }>> = async () => [];

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    // process memory, CPU, handles, heap, GC, and the event loop's delay (perf_hooks'
    // monitorEventLoopDelay, sampled every 10 ms), under prom-client's usual names so
    // ready-made Node.js dashboards read them
    collectDefaultMetrics({ register: this.registry });

    this.#requests = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Answered requests by method, route pattern and status, and how long each took (_count: the requests).',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });

    this.#importRuns = new Counter({
      name: `${PREFIX}import_runs_total`,
      help: 'Import runs this hub ended (scheduled or uploaded), by source and outcome.',
      labelNames: ['source', 'outcome'],
      registers,
    });

    // docs/operations.md 'The outbox': sent, retried (a transient failure), failed (refused for
    // good, or retried for a day) and given up, as this hub's sender ended each attempt
    this.#outboxDeliveries = new Counter({
      name: `${PREFIX}outbox_deliveries_total`,
      help: 'Outbox delivery attempts this hub ended, by channel (email) and outcome (sent, retry, failed, given up).',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    const outboxDepth = () => this.#outboxDepth();
    new Gauge({
      name: `${PREFIX}outbox_queued`,
      help: 'Messages queued in the outbox (every hub\'s, read from the database), by channel.',
      labelNames: ['channel'],
      registers,
      async collect() {
        this.reset();
        for (const { channel, queued } of await outboxDepth()) this.set({ channel }, queued);
      },
    });

    const { sessionCache, database } = sources;
    const counted = { hits: 0, misses: 0 };
    new Counter({
      name: `${PREFIX}session_cache_lookups_total`,
      help: 'Session lookups answered from the hub\'s session cache (hit) or the database (miss).',
      labelNames: ['result'],
      registers,
      // the cache counts for itself (no prom-client call on the hot path); its totals only grow
      collect() {
        const { hits, misses } = sessionCache.lookups;
        this.inc({ result: 'hit' }, hits - counted.hits);
        this.inc({ result: 'miss' }, misses - counted.misses);
        Object.assign(counted, { hits, misses });
      },
    });
    new Gauge({
      name: `${PREFIX}session_cache_entries`,
      help: 'Sessions the hub\'s session cache holds.',
      registers,
      collect() {
        this.set(sessionCache.size);
      },
    });
    new Gauge({
      name: `${PREFIX}session_cache_following`,
      help: '1 while the hub hears the database\'s session changes; 0 means every request reads its session from the database.',
      registers,
      collect() {
        this.set(sessionCache.following ? 1 : 0);
      },
    });

    const openStreams = () => this.#openStreams();
    new Gauge({
      name: `${PREFIX}notification_streams_open`,
      help: 'Notification streams (server-sent events) open on this hub.',
      registers,
      collect() {
        this.set(openStreams());
      },
    });

    // PostgreSQL only: PGlite is one connection inside the process, with no pool to run out of
    if (database.poolStats() !== null) {
      const pool = (name: string, help: string, read: (stats: NonNullable<ReturnType<Database['poolStats']>>) => number) =>
        new Gauge({
          name: `${PREFIX}db_pool_${name}`,
          help,
          registers,
          collect() {
            const stats = database.poolStats();
            if (stats) this.set(read(stats));
          },
        });
      pool('connections_in_use', 'PostgreSQL pool connections lent to a query or transaction.', (s) => s.total - s.idle);
      pool('connections_idle', 'PostgreSQL pool connections open and idle.', (s) => s.idle);
      pool('connections_max', 'The PostgreSQL pool\'s size (PG_POOL_MAX).', (s) => s.max);
      pool('waiting', 'Queries waiting for a PostgreSQL pool connection: above 0, the pool is exhausted.', (s) => s.waiting);
    }
  }

  requestAnswered(request: AnsweredRequest): void {
    this.#requests.observe({ method: request.method, route: request.route ?? NO_ROUTE, status_code: request.status }, request.seconds);
  }

  importRunEnded(run: Pick<ImportRun, 'source' | 'status'>): void {
    this.#importRuns.inc({ source: run.source, outcome: run.status });
  }

  outboxDelivered(channel: string, outcome: string): void {
    this.#outboxDeliveries.inc({ channel, outcome });
  }

  /** The outbox says how to count its queued rows; read at each scrape. */
  countOutboxWith(depth: () => Promise<Array<{ channel: string; queued: number }>>): void {
    this.#outboxDepth = depth;
  }

  /** The notification routes say how many streams they hold; read at each scrape. */
  countStreamsWith(count: () => number): void {
    this.#openStreams = count;
  }

  /** The exposition text, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
