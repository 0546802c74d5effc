import type { Db } from './client';

// issue 10: a query whose shape never changes is built by Drizzle once per database and prepared
// (`.prepare(name)`), then only executed with its placeholders filled: building it anew and
// having PostgreSQL plan it anew cost more than running it.

/** `build(db)` run once per database, its result kept for as long as that database lives. */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
