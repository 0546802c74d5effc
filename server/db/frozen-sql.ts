import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// Drizzle rebuilds a query's text from its chunks on every call (an entity check per
// chunk), and for the objectives list that was a fifth of the hub's CPU per request: more than
// node-postgres itself. A fragment that never varies is rendered once, at load, to raw text.

const dialect = new PgDialect();

/** `fragment` rendered to its SQL text once; it must have no parameters (those vary per call). */
export function frozenSql(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`frozenSql: the fragment has ${params.length} parameter(s): ${text}`);
  return sql.raw(text);
}

/** Renders each parameter as a mark no SQL text holds (PostgreSQL refuses NUL in text), to split on. */
class MarkingDialect extends PgDialect {
  override escapeParam(num: number): string {
    return `\u0000${num}\u0000`;
  }
}
const marking = new MarkingDialect();

/**
 * `fragment` with its parameters, flattened to text and values: the same SQL when rendered, at a
 * fraction of the walk. For a fragment built once and used on many requests (a reader's
 * visibility filter: rebuilding it was half of Drizzle's share of a list request).
 * Values are kept as they were mapped for the driver; a placeholder cannot be flattened.
 */
export function flatSql(fragment: SQL): SQL {
  const { sql: text, params } = marking.sqlToQuery(fragment);
  const parts = text.split('\u0000');
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    if (i % 2 === 0) {
      if (parts[i]) chunks.push(sql.raw(parts[i]));
      continue;
    }
    const value = params[Number(parts[i])];
    if (is(value, Placeholder)) throw new Error(`flatSql: the fragment has a placeholder: ${text}`);
    chunks.push(sql`${sql.param(value)}`);
  }
  return sql.join(chunks);
}
