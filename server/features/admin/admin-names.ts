import { and, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs, roles, teams } from '../../db/schema';
import { badRequest } from '../../http-errors';

// spec §5: names are unique in any letter case. The hub checks before writing (the live check
// and the save use the same query); the lower(name) unique index catches a race between two saves.

const TABLES = { team: teams, job: jobs, role: roles } as const;
export type NamedEntity = keyof typeof TABLES;

export async function isNameTaken(db: DbOrTx, entity: NamedEntity, name: string, exceptId?: number): Promise<boolean> {
  const table = TABLES[entity];
  const trimmed = name.trim();
  if (!trimmed) return false;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(sql`lower(${table.name}) = lower(${trimmed})`, exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function assertNameFree(db: DbOrTx, entity: NamedEntity, name: string, message: string, exceptId?: number): Promise<void> {
  if (await isNameTaken(db, entity, name, exceptId)) throw badRequest(message, 'name');
}

/** A unique-index violation (PostgreSQL 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; a race that hits the unique index answers like the check would have. */
export async function withUniqueName<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(message, 'name');
    throw error;
  }
}

