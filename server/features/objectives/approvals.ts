import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ApprovalRow } from '../../../shared/api/approvals';
import { actsWithoutApproval, isObjectiveReadOnly } from '../../../shared/rules/objective-access';
import { decidesApprovalAt, levelOf } from '../../../shared/rules/objective-levels';
import { APPROVAL_MESSAGES } from '../../../shared/rules/objective-messages';
import { DEFAULT_PERCENTAGE, approvalDecision } from '../../../shared/rules/objective-status';
import { isBarredRole } from '../../../shared/rules/permissions';
import type { SessionUser } from '../../../shared/api/users';
import type { Db, DbOrTx } from '../../db/client';
import { keyResults, objectives, teams, users } from '../../db/schema';
import { recordFinalCheckIn } from './check-ins';
import { badRequest, forbidden, notFound } from '../../http-errors';
import { objectiveDetail, teamIdsOf, type ObjectiveRecord } from './objectives-read';
import { coveredWhere, objectiveRef } from './objectives-scope';
import { applyTransition, type ChangeResult } from './objectives-write';
import { notifyApprovalDecision } from './approval-notices';
import { refreshRollupsAbove } from '../alignment';
import { settleStatusChange } from './objective-completion';
import { tellObjective } from '../webhooks';
import { nextVersion } from './versions';

// Approvals (spec §2, §4; design §3): team leads, teams managers and owners decide on the
// requests of the people their role covers. The Guest role is barred (§6).

/** §6: the barred role gets 403 on the approvals routes. */
export function checkMayApprove(actor: SessionUser): void {
  if (isBarredRole(actor)) throw forbidden();
}

/** The objectives waiting for this approver: their role covers the owner, never their own. */
function waitingFor(actor: SessionUser) {
  // 'approval by the level above' (objective-levels.ts): a team objective waits for an owner, not for its team's lead
  return and(eq(objectives.status, 'waiting for approval'), coveredWhere(actor), sql`${objectives.ownerId} <> ${actor.id}`,
    actor.isOwner ? undefined : eq(objectives.level, 'personal'));
}

/** GET /objective/approvals: objectives waiting for approval that the caller leads, manages or owns. */
export async function listApprovals(db: DbOrTx, actor: SessionUser): Promise<ApprovalRow[]> {
  checkMayApprove(actor);
  if (!actsWithoutApproval(actor)) return [];
  const rows = await db
    .select({
      id: objectives.id, name: users.name, ownerId: objectives.ownerId, team: teams.name, objective: objectives.title,
      status: objectives.status, nextStatus: objectives.nextStatus, lastModificationDate: objectives.lastModificationDate,
      completeKeyResults: objectives.completeKeyResults,
    })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .leftJoin(teams, eq(teams.id, objectives.teamId))
    .where(waitingFor(actor))
    .orderBy(asc(objectives.lastModificationDate), asc(objectives.id));
  return rows.map((r) => ({ ...r, lastModificationDate: r.lastModificationDate.toISOString() }));
}

/**
 * GET /objective/approvals/count: how many rows the list above has, for the Approvals entry of
 * the area's navigation, which every objective screen shows (the list itself is read only there).
 */
export async function countApprovals(db: DbOrTx, actor: SessionUser): Promise<number> {
  checkMayApprove(actor);
  if (!actsWithoutApproval(actor)) return 0;
  const [row] = await db.select({ count: count() }).from(objectives).where(waitingFor(actor));
  return row?.count ?? 0;
}

/** The caller decides on this objective: their role covers it and it is not read-only to them. */
async function lockDecidable(tx: DbOrTx, actor: SessionUser, id: number): Promise<ObjectiveRecord | null> {
  const [row] = await tx.select().from(objectives).where(and(eq(objectives.id, id), sql`${objectives.status} <> 'deleted'`)).for('update');
  if (!row) return null;
  const readOnly = isObjectiveReadOnly(actor, objectiveRef(row, await teamIdsOf(tx, row.ownerId)));
  if (!decidesApprovalAt(actor, levelOf(row.level)) || readOnly) throw forbidden(APPROVAL_MESSAGES.approvalForbidden);
  return row;
}

/**
 * POST /objective/:id/approval: Approve completes (or deletes a pending deletion), acting on the
 * member's answer about the key results still in progress; Remove → in progress, the answer
 * cleared (a new request asks again).
 */
export async function decide(db: Db, actor: SessionUser, id: number, decision: 'approve' | 'reject'): Promise<ChangeResult> {
  checkMayApprove(actor);
  return db.transaction(async (tx) => {
    const row = await lockDecidable(tx, actor, id);
    if (!row) throw notFound(APPROVAL_MESSAGES.failedBody);
    if (row.status !== 'waiting for approval') throw badRequest(APPROVAL_MESSAGES.notWaiting);
    const now = new Date();
    const updated = await applyTransition(tx, row, approvalDecision(row, decision), now, decision === 'reject' ? null : undefined);
    await settleStatusChange(tx, row, updated, decision === 'approve' ? 'complete' : 'other', actor.id, now);
    await refreshRollupsAbove(tx, [row.id]);
    await notifyApprovalDecision(tx, row, decision === 'reject' ? 'sent back' : updated ? 'completed' : 'deleted', actor.id);
    await tellObjective(tx, 'approval.decided', updated ?? row, actor.id, updated?.status ?? 'deleted');
    return updated ? objectiveDetail(tx, actor, updated) : { removed: true as const, id };
  });
}

/** POST /approval: the completion approval page approves completion, or deletion with the flag (§4). */
export async function approveCompletion(
  db: Db, actor: SessionUser, body: { objectiveId?: number; keyResultId?: number; delete: boolean },
): Promise<{ kind: 'objective' | 'keyResult'; id: number; status: 'completed' | 'deleted' }> {
  checkMayApprove(actor);
  if (body.objectiveId === undefined && body.keyResultId === undefined) throw badRequest(APPROVAL_MESSAGES.missingBody);
  const status = body.delete ? 'deleted' : 'completed';
  return db.transaction(async (tx) => {
    const now = new Date();
    if (body.objectiveId !== undefined) {
      const row = await lockDecidable(tx, actor, body.objectiveId);
      if (!row) throw notFound(APPROVAL_MESSAGES.failedBody);
      const [updated] = await tx.update(objectives).set({ status, nextStatus: status, lastModificationDate: nextVersion(row.lastModificationDate, now) })
        .where(eq(objectives.id, row.id)).returning();
      // the member's answer belongs to their request: an objective not waiting was never asked
      await settleStatusChange(tx, row, status === 'deleted' ? null : updated, row.status === 'waiting for approval' ? 'complete' : 'other', actor.id, now);
      await refreshRollupsAbove(tx, [row.id]);
      await notifyApprovalDecision(tx, row, status, actor.id);
      await tellObjective(tx, 'approval.decided', updated, actor.id);
      return { kind: 'objective' as const, id: row.id, status };
    }
    const liveKeyResult = and(eq(keyResults.id, body.keyResultId as number), sql`${keyResults.status} <> 'deleted'`);
    const [found] = await tx.select().from(keyResults).where(liveKeyResult).limit(1);
    const parent = found ? await lockDecidable(tx, actor, found.objectiveId) : null;
    // read again under the objective's lock, which every key-result write takes: what was read before may be stale
    const [kr] = parent ? await tx.select().from(keyResults).where(liveKeyResult).for('update') : [];
    if (!kr || !parent) throw notFound(APPROVAL_MESSAGES.failedBody);
    const percentage = body.delete ? kr.percentage : (kr.percentage ?? DEFAULT_PERCENTAGE);
    await tx.update(keyResults).set({ status, nextStatus: null, percentage, lastModificationDate: nextVersion(kr.lastModificationDate, now) }).where(eq(keyResults.id, kr.id));
    // A completion approved here closes the check-in history just as completing on the card does.
    if (!body.delete) await recordFinalCheckIn(tx, kr.id, percentage ?? DEFAULT_PERCENTAGE, actor.id, now);
    await tx.update(objectives).set({ lastModificationDate: nextVersion(parent.lastModificationDate, now) }).where(eq(objectives.id, parent.id));
    await refreshRollupsAbove(tx, [parent.id]);
    return { kind: 'keyResult' as const, id: kr.id, status };
  });
}
