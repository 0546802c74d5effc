import { and, eq } from 'drizzle-orm';
import { CLOSING_SCORE } from '../../../shared/rules/objective-progress';
import type { DbOrTx } from '../../db/client';
import { keyResults } from '../../db/schema';
import { recordFinalCheckIn } from './check-ins';
import { markApprovalRequestsDone } from '../notifications';
import type { ObjectiveRecord } from './objectives-read';
import { nextVersion } from './versions';

// What follows a status change that settles an objective (shared/rules/objective-progress.ts):
// completing it with key results still in progress acts on the answer recorded with the change
// or with the member's request, and deciding a request marks its approvers' notifications done.
// Both run in the transaction of the change, under the objective's lock.

/**
 * The key results of the objective still in progress, completed as the card's Complete does it:
 * the default completion score, a final check-in by whoever made the change (the key result's
 * history is its audit trail), its version moved. Returns how many.
 */
export async function completeOpenKeyResults(tx: DbOrTx, objectiveId: number, actorId: number, now: Date): Promise<number> {
  const open = await tx.select().from(keyResults)
    .where(and(eq(keyResults.objectiveId, objectiveId), eq(keyResults.status, 'in progress')))
    .orderBy(keyResults.id)
    .for('update');
  for (const kr of open) {
    await tx.update(keyResults)
      .set({ status: 'completed', nextStatus: null, percentage: CLOSING_SCORE, lastModificationDate: nextVersion(kr.lastModificationDate, now) })
      .where(eq(keyResults.id, kr.id));
    await recordFinalCheckIn(tx, kr.id, CLOSING_SCORE, actorId, now);
  }
  return open.length;
}

/**
 * After `before` became `after` (null: removed) by `cause`: a completion (Complete by someone who
 * needs no approval, or an approval) acts on the recorded answer about the open key results
 * (a Restore that lands on completed does not: the answer was acted on when it was given), and a
 * request that is no longer waiting has been decided, by whoever acted, so every approver's
 * notification of it is done.
 */
export async function settleStatusChange(
  tx: DbOrTx, before: ObjectiveRecord, after: ObjectiveRecord | null, cause: 'complete' | 'other', actorId: number, now: Date,
): Promise<void> {
  if (cause === 'complete' && after?.status === 'completed' && after.completeKeyResults === true) await completeOpenKeyResults(tx, after.id, actorId, now);
  if (before.status === 'waiting for approval' && after?.status !== 'waiting for approval') await markApprovalRequestsDone(tx, before.id, now);
}
