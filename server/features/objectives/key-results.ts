import { and, eq, ne } from 'drizzle-orm';
import type { KeyResultCreate, KeyResultUpdate, KeyResultView } from '../../../shared/api/key-results';
import type { Priority } from '../../../shared/rules/constants';
import { keyResultActionFor, keyResultDeadlineError, keyResultRefusal } from '../../../shared/rules/key-result-rules';
import { isObjectiveReadOnly } from '../../../shared/rules/objective-access';
import { OBJECTIVE_MESSAGES } from '../../../shared/rules/objective-messages';
import { DEFAULT_PERCENTAGE } from '../../../shared/rules/objective-status';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db, DbOrTx } from '../../db/client';
import { keyResults, objectives } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';
import { findKeyResult, shapeKeyResult, teamIdsOf, type ObjectiveRecord } from './objectives-read';
import { objectiveRef } from './objectives-scope';
import { recordFinalCheckIn } from './check-ins';
import { lockEditable } from './objectives-write';
import { refreshRollupsAbove } from '../alignment';
import { tellOfObjective } from '../webhooks';
import { checkVersion, nextVersion } from './versions';

// Key results (spec §3-§5, §7): created on an objective, edited, completed with a score,
// restarted and deleted. The objective's read-only rule governs them, and every change moves
// the objective's lastModificationDate (the card shows it). A key result's own
// lastModificationDate is its version (versions.ts): edited fields come with the one they were
// read at; Complete and Start are commands checked against the status (keyResultActionFor).

type KeyResultRecord = typeof keyResults.$inferSelect;

async function touch(tx: DbOrTx, objective: ObjectiveRecord, now: Date) {
  await tx.update(objectives).set({ lastModificationDate: nextVersion(objective.lastModificationDate, now) }).where(eq(objectives.id, objective.id));
  // every key-result write may move the objective's progress, and so its parents' roll-ups
  await refreshRollupsAbove(tx, [objective.id]);
}

/**
 * The key result as it stands once its objective is locked: every write of a key result locks the
 * objective first, so this row cannot move before the transaction ends (what was read before the
 * lock may already be stale).
 */
async function lockedKeyResult(tx: DbOrTx, id: number): Promise<KeyResultRecord> {
  const [kr] = await tx.select().from(keyResults).where(and(eq(keyResults.id, id), ne(keyResults.status, 'deleted'))).for('update');
  if (!kr) throw notFound(OBJECTIVE_MESSAGES.keyResultNotFound);
  return kr;
}

function checkDeadline(deadline: string, objective: ObjectiveRecord) {
  const error = keyResultDeadlineError(deadline, objective.deadline);
  if (error) throw badRequest(error, 'deadline');
}

async function view(db: DbOrTx, actor: Actor, kr: KeyResultRecord, objective: ObjectiveRecord): Promise<KeyResultView> {
  const readOnly = isObjectiveReadOnly(actor, objectiveRef(objective, await teamIdsOf(db, objective.ownerId)));
  return {
    ...shapeKeyResult(kr),
    readOnly,
    objective: { id: objective.id, title: objective.title, deadline: objective.deadline, status: objective.status },
  };
}

/** POST /objective/:id: §5 refuses archived objectives and those more than a day past their deadline. */
export async function createKeyResult(db: Db, actor: Actor, objectiveId: number, input: KeyResultCreate): Promise<KeyResultView> {
  return db.transaction(async (tx) => {
    const objective = await lockEditable(tx, actor, objectiveId);
    const refusal = keyResultRefusal(objective);
    if (refusal) throw badRequest(refusal);
    checkDeadline(input.deadline, objective);
    const now = new Date();
    const [kr] = await tx
      .insert(keyResults)
      .values({
        objectiveId, title: input.title, description: input.description, priority: input.priority ?? (objective.priority as Priority),
        deadline: input.deadline, status: 'in progress', ownerId: objective.ownerId, authorId: actor.id, createdAt: now, lastModificationDate: now,
      })
      .returning();
    await touch(tx, objective, now);
    return view(tx, actor, kr, objective);
  });
}

export async function getKeyResult(db: DbOrTx, actor: Actor, id: number): Promise<KeyResultView> {
  const { kr, objective } = await findKeyResult(db, actor, id);
  return view(db, actor, kr, objective);
}

/** PUT /key-result/:id: §4 complete sets completed with a score (100 by default); start sets in progress. */
export async function changeKeyResult(db: Db, actor: Actor, id: number, change: KeyResultUpdate): Promise<KeyResultView> {
  return db.transaction(async (tx) => {
    const found = await findKeyResult(tx, actor, id);
    const objective = await lockEditable(tx, actor, found.objective.id);
    const current = await lockedKeyResult(tx, id);
    checkVersion(change.lastModificationDate, current.lastModificationDate, OBJECTIVE_MESSAGES.keyResultStale);
    if (change.action !== undefined && change.action !== keyResultActionFor(current.status)) {
      throw badRequest(OBJECTIVE_MESSAGES.keyResultActionNotOffered, 'action');
    }
    const now = new Date();
    const set: Partial<KeyResultRecord> = { lastModificationDate: nextVersion(current.lastModificationDate, now) };
    if (change.title !== undefined) set.title = change.title;
    if (change.description !== undefined) set.description = change.description;
    if (change.priority !== undefined) set.priority = change.priority;
    if (change.deadline !== undefined && change.deadline !== current.deadline) {
      checkDeadline(change.deadline, objective);
      set.deadline = change.deadline;
    }
    if (change.action === 'complete') Object.assign(set, { status: 'completed', nextStatus: null, percentage: change.percentage ?? DEFAULT_PERCENTAGE });
    // the completion score closes the check-in history, in this same transaction
    if (change.action === 'complete') await recordFinalCheckIn(tx, id, set.percentage as number, actor.id, now);
    if (change.action === 'start') Object.assign(set, { status: 'in progress', nextStatus: null, percentage: null });
    const [kr] = await tx.update(keyResults).set(set).where(eq(keyResults.id, id)).returning();
    await touch(tx, objective, now);
    if (change.action === 'complete') await tellOfObjective(tx, 'key_result.completed', { type: 'key_result', id: kr.id, title: kr.title, status: kr.status }, objective, actor.id);
    return view(tx, actor, kr, objective);
  });
}

/** DELETE /key-result/:id: kept as deleted (statistics), gone from every screen. */
export async function deleteKeyResult(db: Db, actor: Actor, id: number): Promise<{ removed: true; id: number }> {
  return db.transaction(async (tx) => {
    const found = await findKeyResult(tx, actor, id);
    const objective = await lockEditable(tx, actor, found.objective.id);
    const current = await lockedKeyResult(tx, id);
    const now = new Date();
    await tx.update(keyResults).set({ status: 'deleted', lastModificationDate: nextVersion(current.lastModificationDate, now) }).where(eq(keyResults.id, id));
    await touch(tx, objective, now);
    return { removed: true as const, id };
  });
}
