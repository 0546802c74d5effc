import { asc, inArray, sql } from 'drizzle-orm';
import type { PlanObjective, PlanSummary } from '../../../shared/api/plans';
import type { DbOrTx } from '../../db/client';
import { objectives, users } from '../../db/schema';
import { planItems, summaries, type PlanScope } from './plans';

// The plans export (design §4 GET /exports/plans.xlsx) read page by page, in the plans page's
// order, so the largest team's workbook streams with flat memory. The ordered ids are
// read once (a few bytes a row); each page is then a primary-key lookup, so it costs the same
// however deep into the plan it is.

export const PLAN_PAGE_SIZE = 500;

/** Each function starts a new pass over its sheet's rows. */
export interface PlanPages {
  items: () => AsyncGenerator<PlanObjective[]>;
  summaries: () => AsyncGenerator<PlanSummary[]>;
}

async function* pagesOf<T>(ids: number[], pageSize: number, read: (page: number[]) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let start = 0; start < ids.length; start += pageSize) yield await read(ids.slice(start, start + pageSize));
}

const itemIds = (db: DbOrTx, scope: PlanScope) =>
  db.select({ id: objectives.id }).from(objectives).where(scope.items).orderBy(asc(objectives.deadline), asc(objectives.id)).then((rows) => rows.map((r) => r.id));

async function personIds(db: DbOrTx, scope: PlanScope): Promise<number[]> {
  const rows = await db.execute(sql`select u.id from ${users} u where u.status = 'active' and ${scope.people} order by u.name, u.id`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/** Without `ids`, each sheet's pass reads its ordered ids first. */
export function planPages(db: DbOrTx, scope: PlanScope, pageSize = PLAN_PAGE_SIZE, ids?: { items: number[]; people: number[] }): PlanPages {
  return {
    // planItems sorts by deadline and id, like the id list, so each page keeps its place
    async *items() {
      yield* pagesOf(ids?.items ?? (await itemIds(db, scope)), pageSize, (page) => planItems(db, scope.actor, sql`${scope.items} and ${inArray(objectives.id, page)}`));
    },
    // summaries sort by name and id; `people` is a condition on users as u
    async *summaries() {
      yield* pagesOf(ids?.people ?? (await personIds(db, scope)), pageSize, (page) => summaries(db, sql`${scope.people} and u.id in (${sql.join(page.map((id) => sql`${id}`), sql`, `)})`, scope.items));
    },
  };
}

/**
 * The export's filters run before the answer starts (a failure after the file's
 * headers could only cut the download); the pages then read the rows those ids name.
 */
export async function openPlanPages(db: DbOrTx, scope: PlanScope, pageSize = PLAN_PAGE_SIZE): Promise<PlanPages> {
  const items = await itemIds(db, scope);
  const people = await personIds(db, scope);
  return planPages(db, scope, pageSize, { items, people });
}
