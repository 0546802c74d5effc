import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// issue 10: Drizzle rebuilds a query's text from its chunks on every call (an entity check per
// chunk), and for the objectives list that was a fifth of the hub's CPU per request: more than
// node-postgres itself. A fragment that never varies is rendered once, at load, to raw text.

const dialect = new PgDialect();

/** `fragment` rendered to its SQL text once; it must have no parameters (those vary per call). */
export function frozenSql(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`frozenSql: the fragment has ${params.length} parameter(s): ${text}`);
  return sql.raw(text);
}
