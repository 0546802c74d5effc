import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataFolder } from './migrate-lock';
import { nameStatements } from './statement-names';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath (design §3). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface DbConfig {
  /** postgres://... uses a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = resolveMigrationsDir();

/** Startup options of every hub connection to PostgreSQL (see openDatabase). */
export const PG_SESSION_OPTIONS = '-c jit=off';

function resolveMigrationsDir(): string {
  // Bundled builds copy the migrations next to the bundle; source runs read them in place.
  if (process.env.HUB_MIGRATIONS_DIR) return process.env.HUB_MIGRATIONS_DIR;
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, 'migrations');
}

export async function openDatabase(config: DbConfig): Promise<Database> {
  if (config.databaseUrl) {
    // jit=off: the hub's statements are short, and on the large company (issue 10) PostgreSQL's
    // cost estimates for the visibility filters crossed jit_above_cost, so it spent ~1.2 s compiling
    // a count that then ran in 0.3 s. The hub sets it for its own sessions, whatever the server default.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10), options: PG_SESSION_OPTIONS });
    // An idle connection the server drops (restart, failover, admin termination) emits 'error' on
    // the pool; unheard, it would crash the hub. The pool replaces the connection on next use.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    pool.on('connect', nameStatements);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  // issue 10: a second process on the same folder would corrupt it; refuse it with a message
  const unlock = config.dataDir ? lockDataFolder(config.dataDir) : () => {};
  // Durability (issue 10, tested by tests/api/crash-durability.test.ts): on a Node folder PGlite
  // writes each commit's WAL straight to the files before it answers (relaxedDurability false),
  // so acknowledged writes survive the hub being killed. Its NODEFS has no fsync, so an OS crash
  // or power cut can still lose the last commits; PostgreSQL is the choice where that matters.
  const client = config.dataDir ? new PGlite(config.dataDir, { relaxedDurability: false }) : new PGlite();
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
  };
}

/** health: the database answers and the newest migration is applied. */
export async function databaseHealth(db: Db): Promise<{ ok: boolean; migrations: number }> {
  const rows = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const list = (rows as unknown as { rows?: Array<{ n: number }> }).rows ?? (rows as unknown as Array<{ n: number }>);
  return { ok: true, migrations: Number(list[0]?.n ?? 0) };
}
