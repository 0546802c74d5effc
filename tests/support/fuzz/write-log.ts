import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../server/db/client';

// A refused request changes nothing in the database. Row triggers on every table
// of the TEST database log each INSERT, UPDATE and DELETE into a table of their own; the fuzz
// test empties it after each request and reads what that request wrote. A write rolled back
// with its transaction leaves no log row, which is exactly the rule: what a refusal commits.
// plpgsql triggers work alike on PGlite and PostgreSQL.

export interface Write {
  table: string;
  op: string;
}

const LOG_TABLE = 'fuzz_writes';

/**
 * Installs the log on every table of the public schema but `except` (tables a refused request
 * writes on purpose, e.g. failed sign-ins in login_events). Tables created later are not logged.
 */
export async function installWriteLog(db: Db, except: readonly string[]): Promise<string[]> {
  await db.execute(sql.raw(`create table ${LOG_TABLE} (id serial primary key, tbl text not null, op text not null)`));
  await db.execute(sql.raw(`create function ${LOG_TABLE}_log() returns trigger language plpgsql as $$
    begin
      insert into ${LOG_TABLE} (tbl, op) values (TG_TABLE_NAME, TG_OP);
      return null;
    end $$`));
  const tables = rowsOf<{ name: string }>(await db.execute(sql.raw(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  ))).map((r) => r.name).filter((name) => name !== LOG_TABLE && !except.includes(name));
  for (const table of tables) {
    await db.execute(sql.raw(`create trigger ${LOG_TABLE}_trigger after insert or update or delete on "${table}" for each row execute function ${LOG_TABLE}_log()`));
  }
  return tables;
}

/** What was written since the last call (and forgets it): one round trip. */
export async function takeWrites(db: Db): Promise<Write[]> {
  return rowsOf<{ tbl: string; op: string }>(await db.execute(sql.raw(`delete from ${LOG_TABLE} returning tbl, op`))).map((r) => ({ table: r.tbl, op: r.op }));
}

/** 'objectives UPDATE ×2, audit_log INSERT' */
export function describeWrites(writes: readonly Write[]): string {
  const counts = new Map<string, number>();
  for (const w of writes) counts.set(`${w.table} ${w.op}`, (counts.get(`${w.table} ${w.op}`) ?? 0) + 1);
  return [...counts].map(([what, n]) => (n > 1 ? `${what} ×${n}` : what)).join(', ');
}
