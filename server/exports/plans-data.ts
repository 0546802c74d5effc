import { sql } from 'drizzle-orm';
import type { PlanObjective, PlanSummary } from '../../shared/api/plans';
import type { DbOrTx } from '../db/client';
import { objectives } from '../db/schema';
import { planItems, summaries, type PlanScope } from '../services/plans';

// The plans export (design §4 GET /exports/plans.xlsx) read page by page, in the plans page's
// order, so the largest team's workbook streams with flat memory (issue 10).

export const PLAN_PAGE_SIZE = 500;

/** Each function starts a new pass over its sheet's rows. */
export interface PlanPages {
  items: () => AsyncGenerator<PlanObjective[]>;
  summaries: () => AsyncGenerator<PlanSummary[]>;
}

export function planPages(db: DbOrTx, scope: PlanScope, pageSize = PLAN_PAGE_SIZE): PlanPages {
  return {
    // keyset on (deadline, id): the order planItems sorts by, and a page costs the same at any depth
    async *items() {
      let after: { deadline: string; id: number } | null = null;
      for (;;) {
        const where = after ? sql`${scope.items} and (${objectives.deadline}, ${objectives.id}) > (${after.deadline}::date, ${after.id})` : scope.items;
        const page = await planItems(db, where, pageSize);
        if (page.length > 0) yield page;
        if (page.length < pageSize) return;
        const last = page[page.length - 1];
        after = { deadline: last.deadline, id: last.id };
      }
    },
    async *summaries() {
      let after: { name: string; id: number } | null = null;
      for (;;) {
        const people = after ? sql`${scope.people} and (u.name, u.id) > (${after.name}, ${after.id})` : scope.people;
        const page = await summaries(db, people, scope.items, pageSize);
        if (page.length > 0) yield page;
        if (page.length < pageSize) return;
        const last = page[page.length - 1];
        after = { name: last.name, id: last.userId };
      }
    },
  };
}
