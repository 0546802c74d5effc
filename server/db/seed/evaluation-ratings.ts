import { sql } from 'drizzle-orm';
import { EVALUATION_CRITERIA } from '../../../shared/rules/evaluation-scale';
import type { Tx } from '../client';
import { evaluations } from '../schema';

// The ten criteria (shared/rules/evaluation-scale.ts) are rated 1-5 (the conclusion stays the free-text remark). The demo
// evaluations get ratings mostly 3-5, spread deterministically by evaluation and criterion, so
// the form can open them for editing without asking for every rating again.
export async function rateSeededEvaluations(tx: Tx): Promise<void> {
  const set = Object.fromEntries(
    EVALUATION_CRITERIA.map((field, i) => [field, sql`(case when (${evaluations.id} * 7 + ${i * 3}) % 11 = 0 then 2 else 3 + (${evaluations.id} * 5 + ${i * 7}) % 3 end)::text`]),
  );
  await tx.update(evaluations).set(set);
}
