import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';

// Multi-row inserts in chunks: one statement per chunk instead of one per row keeps the whole
// demo under a few seconds on PGlite, and the chunk size stays far below PostgreSQL's 65535
// bind-parameter limit for our widest table.
const CHUNK = 500;

export async function insertChunked<T extends PgTable>(tx: Tx, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK));
  }
}

/**
 * Reserves `count` ids from a serial column's sequence. Rows are then inserted with explicit
 * ids, so children (key results, memberships) can point at their parents without relying on
 * the order of RETURNING rows, and the sequence stays ahead of every id we used.
 */
export async function reserveIds(tx: Tx, tableName: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence(${tableName}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  // PGlite and node-postgres both answer with { rows }.
  const rows = (result as unknown as { rows: Array<{ id: number }> }).rows;
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}
