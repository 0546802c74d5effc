import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataFolder } from './migrate-lock';
import { type PreparedDump, unpackPreparedDump } from './prepared-data';
import { DEFAULT_RETRY_POLICY, retryTransactions, type TransactionRetried } from './transaction-retry';
import { nameStatements } from './statement-names';
import { watchWrites } from './write-watch';
import * as schema from './schema';
import type { Db } from './db-types';

export type { Db, DbOrTx, Schema, Tx } from './db-types';

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface DbConfig {
  /** postgres://... uses a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string;
  /** unpacked into a dataDir that holds no database yet, instead of PGlite's initdb */
  prepared?: PreparedDump | null;
  /**
   * In memory only: start from this dump of a PGlite data folder (its dumpDataDir) instead of
   * PGlite's initdb, which takes seconds; the tests' databases start from a migrated one.
   */
  memoryDump?: Blob;
}

/** A LISTEN in progress (see Database.listen). */
export interface Listening {
  /** Settles if the connection carrying the LISTEN breaks: no notification arrives after that. */
  lost: Promise<Error>;
  stop(): Promise<void>;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (an SQL identifier), on a connection of its own; `notified` runs on each
   * NOTIFY, from any writer, once its transaction commits.
   */
  listen(channel: string, notified: (payload: string) => void): Promise<Listening>;
  /**
   * `visible(texts)` runs when writes by THIS process become visible to other connections, before
   * their sender sees the result (server/db/write-watch.ts). PostgreSQL only: PGlite delivers
   * NOTIFY before the writing statement returns, so `listen` already covers this process there.
   */
  onLocalWrite(visible: (texts: readonly string[]) => void): () => void;
  /**
   * `retried(event)` runs each time a transaction PostgreSQL cancelled (deadlock, serialization
   * failure) is run again (server/db/transaction-retry.ts): the hub logs it.
   */
  onTransactionRetry(retried: (event: TransactionRetried) => void): () => void;
  /** set when this open unpacked the prepared dump into an empty data folder */
  unpacked?: PreparedDump;
  /** for the metrics: PostgreSQL's connection pool as it stands now; null on PGlite (one in-process connection). */
  poolStats(): PoolStats | null;
}

export interface PoolStats {
  /** connections open, idle or lent to a query */
  total: number;
  idle: number;
  /** queries waiting for a connection: the pool is exhausted while this is above 0 */
  waiting: number;
  max: number;
}

export const MIGRATIONS_DIR = resolveMigrationsDir();

/**
 * Startup options of every hub connection to PostgreSQL. jit: see openDatabase. No parallel
 * workers: the hub already runs many requests, and a report's statements, side by side on its
 * pool; workers on top oversubscribe the cores (measured: the all-company statistics' two heavy
 * statements, the only hub statements PostgreSQL planned in parallel, took 212–245 ms together
 * with workers and 179–189 ms without, on 2 cores).
 */
export const PG_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

function resolveMigrationsDir(): string {
  // Bundled builds copy the migrations next to the bundle; source runs read them in place.
  if (process.env.HUB_MIGRATIONS_DIR) return process.env.HUB_MIGRATIONS_DIR;
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, 'migrations');
}

export async function openDatabase(config: DbConfig): Promise<Database> {
  if (config.databaseUrl) {
    // jit=off: the hub's statements are short, and on the large company PostgreSQL's
    // cost estimates for the visibility filters crossed jit_above_cost, so it spent ~1.2 s compiling
    // a count that then ran in 0.3 s. The hub sets it for its own sessions, whatever the server default.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10), options: PG_SESSION_OPTIONS });
    // An idle connection the server drops (restart, failover, admin termination) emits 'error' on
    // the pool; unheard, it would crash the hub. The pool replaces the connection on next use.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const writeListeners = new Set<(texts: readonly string[]) => void>();
    pool.on('connect', (client) => {
      nameStatements(client);
      watchWrites(client, (texts) => {
        for (const visible of writeListeners) visible(texts);
      });
    });
    const listeners = new Set<Listening>();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const retries = retryingTransactions(db);
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: async () => {
        await Promise.all([...listeners].map((listening) => listening.stop()));
        await pool.end();
      },
      listen: async (channel, notified) => {
        const listening = await listenOnPostgres(config.databaseUrl!, channel, notified);
        listeners.add(listening);
        return {
          lost: listening.lost,
          stop: () => {
            listeners.delete(listening);
            return listening.stop();
          },
        };
      },
      onLocalWrite: (visible) => {
        writeListeners.add(visible);
        return () => writeListeners.delete(visible);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
      onTransactionRetry: retries,
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  // a second process on the same folder would corrupt it; refuse it with a message
  const unlock = config.dataDir ? lockDataFolder(config.dataDir) : () => {};
  let unpacked: PreparedDump | undefined;
  try {
    if (config.dataDir && config.prepared && unpackPreparedDump(config.prepared.file, config.dataDir)) unpacked = config.prepared;
  } catch (error) {
    unlock();
    throw error;
  }
  // Durability (tested by tests/api/crash-durability.test.ts): on a Node folder PGlite
  // writes each commit's WAL straight to the files before it answers (relaxedDurability false),
  // so acknowledged writes survive the hub being killed. Its NODEFS has no fsync, so an OS crash
  // or power cut can still lose the last commits; PostgreSQL is the choice where that matters.
  const client = config.dataDir ? new PGlite(config.dataDir, { relaxedDurability: false }) : new PGlite(config.memoryDump ? { loadDataDir: config.memoryDump } : {});
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite runs one transaction at a time and never cancels one; wrapped all the same, so both
  // engines answer alike if it ever does
  const retries = retryingTransactions(db);
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    listen: async (channel, notified) => {
      const unlisten = await client.listen(sqlIdentifier(channel), notified);
      // one process, one in-process database: the LISTEN cannot be cut off from it
      return { lost: new Promise<Error>(() => {}), stop: async () => (client.closed ? undefined : unlisten()) };
    },
    onLocalWrite: () => () => {},
    unpacked,
    poolStats: () => null,
    onTransactionRetry: retries,
  };
}

/** Wraps db.transaction (transaction-retry.ts); answers Database.onTransactionRetry. */
function retryingTransactions(db: Db): Database['onTransactionRetry'] {
  const listeners = new Set<(event: TransactionRetried) => void>();
  retryTransactions(db, DEFAULT_RETRY_POLICY, (event) => {
    for (const retried of listeners) retried(event);
  });
  return (retried) => {
    listeners.add(retried);
    return () => listeners.delete(retried);
  };
}

function sqlIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return name;
}

/**
 * A connection of its own (a pooled one goes back to the pool and would stop listening), with
 * TCP keep-alive so a silently dead link is noticed and reported as lost.
 */
async function listenOnPostgres(databaseUrl: string, channel: string, notified: (payload: string) => void): Promise<Listening> {
  const client = new pg.Client({ connectionString: databaseUrl, options: PG_SESSION_OPTIONS, keepAlive: true, connectionTimeoutMillis: 10_000 });
  let reportLost!: (error: Error) => void;
  const lost = new Promise<Error>((resolve) => (reportLost = resolve));
  client.on('error', (error) => {
    reportLost(error);
    void client.end().catch(() => {});
  });
  client.on('end', () => reportLost(new Error('the connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel) notified(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${sqlIdentifier(channel)}`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return { lost, stop: () => client.end().catch(() => {}) };
}

/** health: the database answers and the newest migration is applied. */
export async function databaseHealth(db: Db): Promise<{ ok: boolean; migrations: number }> {
  const rows = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const list = (rows as unknown as { rows?: Array<{ n: number }> }).rows ?? (rows as unknown as Array<{ n: number }>);
  return { ok: true, migrations: Number(list[0]?.n ?? 0) };
}
