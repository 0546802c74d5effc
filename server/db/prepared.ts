import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';
import { statementName } from './statement-names';

// A query whose shape never changes is built by Drizzle once per database and prepared
// (`.prepare(name)`), then only executed with its placeholders filled: building it anew and
// having PostgreSQL plan it anew cost more than running it.

/** `build(db)` run once per database (or transaction), its result kept for as long as that one lives. */
export function preparedPer<T, D extends DbOrTx = Db>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (what `db.execute` runs) with `sql.placeholder` parameters, rendered to its text
 * and named once at load; each run only fills the placeholders. On a hub's hottest reads the
 * per-request rendering, and naming a freshly built text of a few KB (the name is looked up by
 * the whole text), was ~5 % of the hub's CPU on GET /objective/:id (a CPU profile). Outside a
 * transaction the prepared query is kept per database; a transaction's is made for its run.
 */
export function preparedStatement(fragment: SQL): (db: DbOrTx, values: Record<string, unknown>) => Promise<unknown> {
  const query = dialect.sqlToQuery(fragment);
  const name = statementName(query.sql);
  const prepared = preparedPer((db: DbOrTx) => db._.session.prepareQuery(query, undefined, name, false));
  return (db, values) => prepared(db).execute(values);
}
