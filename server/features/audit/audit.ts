import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntity, AuditEntry, AuditQuery } from '../../../shared/api/audit';
import type { Ref } from '../../../shared/api/common';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { sameJson } from '../team';
import { auditVia } from './audit-context';

// design §3: every admin change is written to the audit table in the SAME transaction as the
// change, so a rolled-back change leaves no record and a committed one always has one.

export interface AuditRecord {
  entity: AuditEntity;
  entityId: number | string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Writes the row; an edit whose before and after are the same changed nothing and leaves none. */
export async function recordAudit(tx: DbOrTx, actorId: number, record: AuditRecord): Promise<void> {
  if (record.before !== undefined && record.after !== undefined && sameJson(record.before, record.after)) return;
  await tx.insert(auditLog).values({
    actorId,
    entity: record.entity,
    entityId: String(record.entityId),
    action: record.action,
    before: record.before ?? null,
    after: record.after ?? null,
    apiTokenId: auditVia()?.apiToken.id ?? null,
    apiTokenName: auditVia()?.apiToken.name ?? null,
  });
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function auditWhere(query: AuditQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.actor) parts.push(eq(auditLog.actorId, query.actor));
  if (query.entity) parts.push(eq(auditLog.entity, query.entity));
  // dates are whole UTC days; `to` includes its own day
  if (query.from) parts.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) parts.push(lt(auditLog.createdAt, new Date(`${nextDay(query.to)}T00:00:00Z`)));
  return parts.length ? and(...parts) : undefined;
}

export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
  const where = auditWhere(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    total: Number(total),
    items: rows.map(({ entry, actorName }) => ({
      id: entry.id,
      actor: entry.actorId !== null && actorName !== null ? { id: entry.actorId, name: actorName } : null,
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      before: entry.before,
      after: entry.after,
      apiToken: entry.apiTokenId === null ? null : { id: entry.apiTokenId, name: entry.apiTokenName ?? '' },
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/** The people who appear in the log as actors, for the filter. */
export async function auditActors(db: DbOrTx): Promise<Ref[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(users.name, sql`${users.id}`);
}
