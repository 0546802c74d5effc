import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  keyResultProgress, NOT_ROLLED_UP_STATUSES, objectiveProgress, rolledUpProgress, type ProgressInput, type RollupChild,
} from '../../../shared/rules/objective-progress';
import { rowsOf, type DbOrTx } from '../../db/client';
import { objectives } from '../../db/schema';
import { objectiveLinks } from './schema';

// Alignment roll-ups: a parent whose owner chose 'from supporting objectives' shows the weighted
// mean of what supports it, each child read with shared/rules/objective-progress.ts (a completed
// one counts 100). The hub stores it (objectives.rolled_up_progress) in the transaction
// of every change that moves it: a key result written, a check-in, a status change (an archived
// or deleted child stops counting), a link added or removed, a weight, a roll-up mode. Lists,
// details, the tree, exports and statistics then read one stored figure instead of walking the
// tree on every read. Parents are locked child first, then upward, the order every writer takes.

/** Levels are at most three deep (personal → team → company); a guard against a bad row. */
const MAX_STEPS = 64;

const notRolledUp = sql.raw(NOT_ROLLED_UP_STATUSES.map((s) => `'${s}'`).join(', '));

interface ChildRow {
  weight: number;
  krId: number | null;
  kr: ProgressInput | null;
  status: string;
  nextStatus: string | null;
  rollupMode: string;
  rolledUpProgress: number | null;
  keyResults: ProgressInput[] | null;
}

/** What supports `parentId` and still counts, each with its progress and the link's weight. */
async function childrenOf(tx: DbOrTx, parentId: number): Promise<RollupChild[]> {
  const rows = rowsOf<ChildRow>(await tx.execute(sql`
    select l.weight, l.child_key_result_id as "krId",
      case when k.id is null then null else json_build_object('status', k.status, 'percentage', k.percentage, 'latestPercent', (
        select c.percent from key_result_check_ins c where c.key_result_id = k.id order by c.created_at desc, c.id desc limit 1)) end as "kr",
      o.status, o.next_status as "nextStatus", o.rollup_mode as "rollupMode", o.rolled_up_progress as "rolledUpProgress",
      case when k.id is null and o.rollup_mode <> 'children' and o.status <> 'completed' then (select json_agg(json_build_object('status', ok.status, 'percentage', ok.percentage, 'latestPercent', (
        select c.percent from key_result_check_ins c where c.key_result_id = ok.id order by c.created_at desc, c.id desc limit 1)))
        from key_results ok where ok.objective_id = o.id and ok.status <> 'deleted') end as "keyResults"
    from objective_links l
    join objectives o on o.id = l.child_objective_id and o.status not in (${notRolledUp})
    left join key_results k on k.id = l.child_key_result_id
    where l.parent_objective_id = ${parentId} and (l.child_key_result_id is null or k.status <> 'deleted')`));
  return rows.map((row) => ({
    weight: row.weight,
    progress: row.krId !== null && row.kr
      ? keyResultProgress(row.kr)
      : objectiveProgress({ ...row, keyResults: row.keyResults ?? [] }),
  }));
}

/** The parents in 'children' mode of some objectives (through the objectives or their key results). */
async function rollingParentsOf(tx: DbOrTx, objectiveIds: readonly number[]): Promise<number[]> {
  if (objectiveIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: objectiveLinks.parentObjectiveId })
    .from(objectiveLinks)
    .innerJoin(objectives, eq(objectives.id, objectiveLinks.parentObjectiveId))
    .where(and(inArray(objectiveLinks.childObjectiveId, [...objectiveIds]), eq(objectives.rollupMode, 'children')));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Recomputes the stored roll-up of these objectives (those in 'children' mode) and, where it
 * moved, of their parents in turn. Call it in the transaction of the change.
 */
export async function recomputeRollups(tx: DbOrTx, objectiveIds: readonly number[]): Promise<void> {
  const queue = [...new Set(objectiveIds)];
  for (let step = 0; queue.length > 0 && step < MAX_STEPS; step += 1) {
    const id = queue.shift() as number;
    const [row] = await tx
      .select({ rollupMode: objectives.rollupMode, rolledUpProgress: objectives.rolledUpProgress })
      .from(objectives)
      .where(eq(objectives.id, id))
      .for('update');
    if (!row || row.rollupMode !== 'children') continue;
    const value = rolledUpProgress(await childrenOf(tx, id));
    if (value === row.rolledUpProgress) continue;
    await tx.update(objectives).set({ rolledUpProgress: value }).where(eq(objectives.id, id));
    for (const parent of await rollingParentsOf(tx, [id])) if (!queue.includes(parent)) queue.push(parent);
  }
}

/**
 * The progress these objectives show may have moved (their key results, a check-in, their status):
 * the parents that roll up from them follow, in the same transaction.
 */
export async function refreshRollupsAbove(tx: DbOrTx, objectiveIds: readonly number[]): Promise<void> {
  await recomputeRollups(tx, await rollingParentsOf(tx, objectiveIds));
}
