import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../client';

// Bulk loading for the large company. One statement per batch with every column passed as ONE
// array parameter and spread by unnest(): a 20,000-row batch costs a single parse/plan and a
// handful of bind parameters, works the same through node-postgres and PGlite, and never
// approaches the 65,535 bind-parameter limit that multi-row VALUES lists hit.

export const BATCH_ROWS = 20_000;

/** column name -> PostgreSQL element type of the array parameter (int, text, date, ...). */
export type ColumnTypes = Readonly<Record<string, string>>;

/** Column-wise rows: one array per column, all of the same length. */
export type Columns = Record<string, unknown[]>;

export function emptyColumns(types: ColumnTypes): Columns {
  return Object.fromEntries(Object.keys(types).map((name) => [name, []]));
}

/**
 * Inserts the rows of `data` into `table`. `select` maps the unnest() output (named like the
 * columns) to the inserted values when a column needs an expression, e.g. an int[] built per row.
 */
export async function insertColumns(
  tx: Tx, table: string, types: ColumnTypes, data: Columns, select?: Readonly<Record<string, string>>,
): Promise<number> {
  const names = Object.keys(types);
  const count = data[names[0]]?.length ?? 0;
  if (count === 0) return 0;
  const targets = Object.keys(select ?? types);
  const arrays: SQL[] = names.map((name) => sql`${sql.param(data[name])}::${sql.raw(types[name])}[]`);
  const values = targets.map((name) => sql.raw(select?.[name] ?? `u.${quote(name)}`));
  await tx.execute(sql`insert into ${sql.identifier(table)} (${sql.join(targets.map((name) => sql.identifier(name)), sql`, `)})
    select ${sql.join(values, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.raw(names.map(quote).join(', '))})`);
  return count;
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Streams generated rows into a table in batches: `fill` appends up to `limit` rows to the
 * columns and says how many it added; an empty batch ends the table.
 */
export async function streamInto(
  tx: Tx, table: string, types: ColumnTypes, fill: (columns: Columns, limit: number) => number,
  select?: Readonly<Record<string, string>>, onBatch?: (rows: number) => void,
): Promise<number> {
  let total = 0;
  for (;;) {
    const columns = emptyColumns(types);
    const added = fill(columns, BATCH_ROWS);
    if (added === 0) break;
    total += await insertColumns(tx, table, types, columns, select);
    onBatch?.(total);
  }
  return total;
}

/**
 * Streams the rows of an iterable (a generator, drawing its random values row by row in table
 * order) into a table, BATCH_ROWS at a time.
 */
export async function streamRows(
  tx: Tx, table: string, types: ColumnTypes, rows: Iterable<Record<string, unknown>>, select?: Readonly<Record<string, string>>,
): Promise<number> {
  const iterator = rows[Symbol.iterator]();
  return streamInto(tx, table, types, (columns, limit) => {
    let added = 0;
    while (added < limit) {
      const next = iterator.next();
      if (next.done) break;
      push(columns, next.value);
      added++;
    }
    return added;
  }, select);
}

export async function queryRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  // PGlite and node-postgres both answer with { rows }.
  return (result as unknown as { rows: T[] }).rows;
}

/** After explicit ids, the serial sequence must continue past the highest one. */
export async function syncSequence(tx: Tx, table: string): Promise<void> {
  await tx.execute(sql.raw(
    `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${quote(table)}), 0) + 1, false)`,
  ));
}

/**
 * Runs a bulk load the way PostgreSQL loads fastest: the secondary indexes of `tables` are
 * dropped first and rebuilt after from their own definitions (one sort per index instead of a
 * million random inserts), and, when the role may (superuser: PGlite, the bench cluster), the
 * per-row foreign-key triggers are skipped; the generator only points at rows it inserted
 * itself, and the seed test checks the references. Primary keys and constraints stay.
 */
export async function withBulkLoad<T>(
  tx: Tx, tables: readonly string[], load: () => Promise<T>, onRebuilt?: (indexes: number, ms: number) => void,
): Promise<T> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(sql`set local session_replication_role = replica`);
    });
  } catch {
    // Not a superuser: the foreign keys are checked row by row, slower but the same data.
  }
  const indexes = await queryRows<{ name: string; definition: string }>(tx, sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables.map((t) => sql`${t}`), sql`, `)})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${quote(index.name)}`));
  const result = await load();
  const started = performance.now();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  onRebuilt?.(indexes.length, Math.round(performance.now() - started));
  await tx.execute(sql`set local session_replication_role = origin`);
  return result;
}

/** Appends one row (by column name; a missing value is null) to column-wise batch data. */
function push(columns: Columns, row: Record<string, unknown>): void {
  for (const name of Object.keys(columns)) columns[name].push(row[name] ?? null);
}

export async function countRows(tx: Tx, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${quote(table)}`));
  return Number(row?.n ?? 0);
}
