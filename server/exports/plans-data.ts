import { asc, inArray, sql } from 'drizzle-orm';
import type { PlanObjective, PlanSummary } from '../../shared/api/plans';
import type { DbOrTx } from '../db/client';
import { objectives, users } from '../db/schema';
import { planItems, summaries, type PlanScope } from '../services/plans';

// The plans export (design §4 GET /exports/plans.xlsx) read page by page, in the plans page's
// order, so the largest team's workbook streams with flat memory (issue 10). The ordered ids are
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

export function planPages(db: DbOrTx, scope: PlanScope, pageSize = PLAN_PAGE_SIZE): PlanPages {
  return {
    // planItems sorts by deadline and id, like the id list, so each page keeps its place
    async *items() {
      const rows = await db.select({ id: objectives.id }).from(objectives).where(scope.items).orderBy(asc(objectives.deadline), asc(objectives.id));
      yield* pagesOf(rows.map((r) => r.id), pageSize, (page) => planItems(db, sql`${scope.items} and ${inArray(objectives.id, page)}`));
    },
    // summaries sort by name and id; `people` is a condition on users as u
    async *summaries() {
      const rows = await db.execute(sql`select u.id from ${users} u where u.status = 'active' and ${scope.people} order by u.name, u.id`);
      const ids = (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
      yield* pagesOf(ids, pageSize, (page) => summaries(db, sql`${scope.people} and u.id in (${sql.join(page.map((id) => sql`${id}`), sql`, `)})`, scope.items));
    },
  };
}
