import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database's types on their own, so what the connection imports (the transaction retry) can
// name them without importing the connection back.

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath (design §3). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
