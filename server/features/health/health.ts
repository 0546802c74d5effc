import { readFileSync } from 'node:fs';
import path from 'node:path';
import { databaseHealth, MIGRATIONS_DIR, type Database } from '../../db/client';

// Health means the database answers and every committed migration is applied.

let expected: number | undefined;

/** The number of migrations committed with this build (drizzle-kit's journal). */
export function committedMigrations(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries?: unknown[] };
  return journal.entries?.length ?? 0;
}

export type HealthReport =
  | { ok: true; database: Database['engine']; migrations: number }
  | { ok: false; reason: 'database' | 'migrations' };

export async function checkHealth(database: Database): Promise<HealthReport> {
  expected ??= committedMigrations();
  let applied: number;
  try {
    applied = (await databaseHealth(database.db)).migrations;
  } catch (error) {
    // a database that answers but has no migration table yet is one not migrated yet
    return { ok: false, reason: isMissingRelation(error) ? 'migrations' : 'database' };
  }
  if (applied < expected) return { ok: false, reason: 'migrations' };
  return { ok: true, database: database.engine, migrations: applied };
}

/** PostgreSQL's undefined_table and invalid_schema_name (PGlite reports the same codes). */
function isMissingRelation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '42P01' || code === '3F000') return true;
  }
  return false;
}
