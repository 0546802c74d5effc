import { and, eq, getTableColumns, ne, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  ERASURE_MESSAGES, formerEmployeeName, formerEmployeeUsername, isFormerEmployee, type ErasureCounts, type ErasureResult,
} from '../../../shared/api/personal-data-erasure';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { evaluations, files, loginEvents, sessions, users } from '../../db/schema';
import { notifications } from '../notifications';
import { HttpError, notFound } from '../../http-errors';
import { recordAudit } from '../audit';
import { PERSONAL_DATA_TABLES, type ErasedPerson, type TableRule } from './personal-data-columns';

// The right to erasure (docs/personal-data.md 'Erasing'): Admin → Users → Erase personal data, for archived people only. One
// transaction walks personal-data-columns.ts: the person's own rows go, the rows the company keeps
// about them lose what was personal, free text that names them names 'Former employee #id'
// instead, and the account itself becomes that former employee. Nothing is read from disk: the
// picture and the VPN file are rows of `files` (pictures.ts, vpn-files.ts).

/** Shorter values are left in free text: 'Ana' would also be a word of someone else's sentence. */
const MIN_MENTION_LENGTH = 4;

const conflict = (message: string) => new HttpError(409, [{ message }]);

/** A unique anonymous username: 'former-12', or 'former-12-2' if someone was given that name. */
async function formerUsernameFor(tx: Tx, id: number): Promise<string> {
  const base = formerEmployeeUsername(id);
  const taken = new Set((await tx.select({ username: sql<string>`lower(${users.username})` }).from(users)
    .where(and(sql`lower(${users.username}) like ${`${base}%`}`, ne(users.id, id)))).map((r) => r.username));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The strings by which others' free text may name the person. */
function mentionsOf(row: typeof users.$inferSelect): string[] {
  const info = row.extras.personalInfo;
  const values = [row.name, row.username, row.email, row.phone, info?.officialName, info?.personalEmailAddress];
  return [...new Set(values.map((v) => v?.trim() ?? '').filter((v) => v.length >= MIN_MENTION_LENGTH))];
}

// PostgreSQL's advanced regular expressions escape the same characters JavaScript's do.
const escapeRegex = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

/**
 * One case-insensitive pattern for all of them, whole words only (not 'Anamaria' for 'Ana Maria'
 * nor a longer email that ends the same). Inside jsonb's text a value is JSON-escaped, so that
 * spelling is matched too.
 */
function mentionPattern(values: string[]): string | null {
  const spellings = new Set(values.flatMap((v) => [v, JSON.stringify(v).slice(1, -1)]));
  if (!spellings.size) return null;
  return `(?<![[:alnum:]_.@+-])(?:${[...spellings].map(escapeRegex).join('|')})(?![[:alnum:]_@-]|\\.[[:alnum:]])`;
}

const columnsByName = (table: PgTable) => new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [(column as Column).name, { key, column: column as Column }]));

async function deleteRows(tx: Tx, rule: TableRule, person: ErasedPerson): Promise<number> {
  const where = rule.personRows?.(person);
  if (!where) return 0;
  const deleted = await tx.execute(sql`with gone as (delete from ${rule.table} where ${where} returning 1) select count(*)::int as n from gone`);
  return Number(rowsOf<{ n: number }>(deleted)[0].n);
}

async function anonymiseRows(tx: Tx, rule: TableRule, person: ErasedPerson): Promise<void> {
  const where = rule.aboutPerson?.(person);
  if (!where) return;
  const byName = columnsByName(rule.table);
  const values: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(rule.columns)) {
    if (column.erase) values[byName.get(name)!.key] = column.erase(person);
  }
  await tx.update(rule.table).set(values).where(where);
}

async function replaceMentions(tx: Tx, rule: TableRule, pattern: string, anonymous: string): Promise<void> {
  const byName = columnsByName(rule.table);
  for (const [name, column] of Object.entries(rule.columns)) {
    if (column.class !== 'mentions') continue;
    const target = sql.identifier(name);
    if (byName.get(name)!.column.getSQLType() === 'jsonb') {
      await tx.execute(sql`update ${rule.table} set ${target} = regexp_replace(${target}::text, ${pattern}, ${anonymous}, 'gi')::jsonb where ${target}::text ~* ${pattern}`);
    } else {
      await tx.execute(sql`update ${rule.table} set ${target} = regexp_replace(${target}, ${pattern}, ${anonymous}, 'gi') where ${target} ~* ${pattern}`);
    }
  }
}

/**
 * Erases an archived person's personal data. 404 unknown, 409 while active or once erased (a
 * second erasure writes nothing, no second audit row). The audit row counts what went, never a
 * value of it.
 */
export async function erasePersonalData(db: Db, actorId: number, userId: number): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw notFound(ERASURE_MESSAGES.notFound);
    if (isFormerEmployee(row)) throw conflict(ERASURE_MESSAGES.alreadyErased);
    if (row.status !== 'deleted') throw conflict(ERASURE_MESSAGES.notArchived);

    const anonymous = formerEmployeeName(userId);
    const person: ErasedPerson = { id: userId, email: row.email?.toLowerCase() ?? null, username: row.username, formerUsername: await formerUsernameFor(tx, userId) };
    const deleted: ErasureCounts = { files: 0, sessions: 0, signIns: 0, notifications: 0, evaluations: 0, otherRows: 0 };
    const counted = new Map<PgTable, keyof ErasureCounts>([[files, 'files'], [sessions, 'sessions'], [loginEvents, 'signIns'], [notifications, 'notifications'], [evaluations, 'evaluations']]);
    for (const rule of PERSONAL_DATA_TABLES) deleted[counted.get(rule.table) ?? 'otherRows'] += await deleteRows(tx, rule, person);
    for (const rule of PERSONAL_DATA_TABLES) await anonymiseRows(tx, rule, person);
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
    const pattern = mentionPattern(mentionsOf(row));
    if (pattern) for (const rule of PERSONAL_DATA_TABLES) await replaceMentions(tx, rule, pattern, anonymous);

    await recordAudit(tx, actorId, { entity: 'user', entityId: userId, action: 'erase personal data', after: { name: anonymous, deleted } });
    return { id: userId, name: anonymous, deleted };
  });
}
