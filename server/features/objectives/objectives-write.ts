import { and, eq } from 'drizzle-orm';
import { OBJECTIVE_EDIT_FIELDS, subcategoriesOf, type ObjectiveDetail } from '../../../shared/api/objectives';
import type { Priority } from '../../../shared/rules/constants';
import { isoDay } from '../../../shared/rules/dates';
import { canAssignTo, isObjectiveReadOnly } from '../../../shared/rules/objective-access';
import { objectiveDeadlineProblem } from '../../../shared/rules/objective-deadline';
import { LEVEL_MESSAGES, levelOf, levelRefusal, type ObjectiveLevel } from '../../../shared/rules/objective-levels';
import { OBJECTIVE_MESSAGES } from '../../../shared/rules/objective-messages';
import { transition, type ObjectiveAction, type Transition } from '../../../shared/rules/objective-status';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db, DbOrTx } from '../../db/client';
import { keyResults, objectives, teamManagers, teams, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http-errors';
import { findVisibleObjective, NOT_FOUND_OBJECTIVE, objectiveDetail, teamIdsOf, type ObjectiveRecord } from './objectives-read';
import { objectiveRef } from './objectives-scope';
import { notifyApprovalRequested } from './approval-notices';
import { settleStatusChange } from './objective-completion';
import { refreshRollupsAbove } from '../alignment';
import { tellObjective, tellStatusChange } from '../webhooks';
import { checkVersion, nextVersion } from './versions';

// Creating and changing objectives (spec §4-§6, design §3): every rule checked here, in one
// transaction per change, with lastModificationDate (the version, see versions.ts) moved on every
// write. Edited fields come with the version they were read at (the schema requires it); a status
// action alone is a command the status check below guards, and honours a version when sent.


export interface ObjectiveInput {
  title: string;
  teamId: number;
  ownerId: number;
  description: string;
  category: string;
  subcategory: string;
  priority: Priority;
  deadline?: string;
  isPublic: boolean;
}

export type ObjectiveChange = Partial<ObjectiveInput> & {
  action?: ObjectiveAction;
  /** with Complete: complete the key results still in progress too (objective-progress.ts) */
  completeKeyResults?: boolean;
  page: 'list' | 'details';
  /** required by the schema with any edited field */
  lastModificationDate?: string;
};

export type ChangeResult = ObjectiveDetail | { removed: true; id: number };

async function requireActiveTeam(db: DbOrTx, teamId: number): Promise<void> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(and(eq(teams.id, teamId), eq(teams.status, 'active'))).limit(1);
  if (!team) throw badRequest(OBJECTIVE_MESSAGES.team, 'team_id');
}

/** An assignee is a registered, active person. */
async function requireAssignable(db: DbOrTx, ownerId: number): Promise<void> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), eq(users.status, 'active'), eq(users.registered, true)))
    .limit(1);
  if (!owner) throw badRequest(OBJECTIVE_MESSAGES.assignee, 'owner_id');
}

/** §5/§6: the team exists and the assignee is a registered active member the actor may assign to. */
async function checkAssignment(db: DbOrTx, actor: Actor, teamId: number, ownerId: number): Promise<void> {
  await requireActiveTeam(db, teamId);
  await requireAssignable(db, ownerId);
  const ownerTeams = await teamIdsOf(db, ownerId);
  // §5: the assignee is chosen among the members of the chosen team
  if (!ownerTeams.includes(teamId)) throw badRequest(OBJECTIVE_MESSAGES.assigneeNotInTeam, 'owner_id');
  if (!canAssignTo(actor, { id: ownerId, teamIds: ownerTeams })) throw forbidden(OBJECTIVE_MESSAGES.assignForbidden);
}

/**
 * A team objective's assignee answers for the team: a member (or lead) or a teams
 * manager of it, whom the actor may assign to; a company objective's, any registered active
 * person (only owners and admins create them).
 */
async function checkLevelAssignment(db: DbOrTx, actor: Actor, level: ObjectiveLevel, teamId: number | null, ownerId: number): Promise<void> {
  if (level === 'personal') {
    if (teamId === null) throw badRequest(OBJECTIVE_MESSAGES.team, 'team_id');
    return checkAssignment(db, actor, teamId, ownerId);
  }
  const refusal = levelRefusal(actor, level, teamId);
  if (level === 'team' && teamId === null) throw badRequest(LEVEL_MESSAGES.teamRequired, 'team_id');
  if (level === 'team') {
    await requireActiveTeam(db, teamId as number);
  }
  if (refusal) throw forbidden(refusal);
  await requireAssignable(db, ownerId);
  if (level === 'company') return;
  const ownerTeams = await teamIdsOf(db, ownerId);
  const [manages] = await db.select({ userId: teamManagers.userId }).from(teamManagers)
    .where(and(eq(teamManagers.userId, ownerId), eq(teamManagers.teamId, teamId as number))).limit(1);
  if (!ownerTeams.includes(teamId as number) && !manages) throw badRequest(LEVEL_MESSAGES.teamOwner, 'owner_id');
  if (!canAssignTo(actor, { id: ownerId, teamIds: manages ? [...ownerTeams, teamId as number] : ownerTeams })) throw forbidden(OBJECTIVE_MESSAGES.assignForbidden);
}

/** §5: the deadline picker's minimum is today; its maximum 10 years ahead (shared/rules/objective-deadline.ts). */
function checkDeadline(deadline: string): void {
  const problem = objectiveDeadlineProblem(deadline);
  if (problem) throw badRequest(problem, 'deadline');
}

/** POST /objective. */
export async function createObjective(db: Db, actor: Actor, input: ObjectiveInput): Promise<ObjectiveDetail> {
  const deadline = input.deadline ?? isoDay(); // §5: defaults to today
  checkDeadline(deadline);
  return db.transaction(async (tx) => {
    await checkAssignment(tx, actor, input.teamId, input.ownerId);
    const now = new Date();
    const [row] = await tx
      .insert(objectives)
      .values({
        title: input.title, description: input.description, category: input.category, subcategory: input.subcategory,
        priority: input.priority, deadline, isPublic: input.isPublic, authorId: actor.id, ownerId: input.ownerId,
        teamId: input.teamId, status: 'in progress', createdAt: now, lastModificationDate: now,
      })
      .returning();
    await tellObjective(tx, 'objective.created', row, actor.id);
    return objectiveDetail(tx, actor, row);
  });
}

/** POST /alignment/objectives (docs/api.md 'Alignment'): a team or company objective; the personal form's rules otherwise. */
export async function createLevelObjective(db: Db, actor: Actor, input: Omit<ObjectiveInput, 'teamId'> & { level: 'team' | 'company'; teamId?: number | null }): Promise<ObjectiveDetail> {
  const deadline = input.deadline ?? isoDay();
  checkDeadline(deadline);
  // a company objective is the company's: no team
  const teamId = input.level === 'company' ? null : (input.teamId ?? null);
  return db.transaction(async (tx) => {
    await checkLevelAssignment(tx, actor, input.level, teamId, input.ownerId);
    const now = new Date();
    const [row] = await tx
      .insert(objectives)
      .values({
        title: input.title, description: input.description, category: input.category, subcategory: input.subcategory,
        priority: input.priority, deadline, isPublic: input.isPublic, authorId: actor.id, ownerId: input.ownerId,
        teamId, level: input.level, status: 'in progress', createdAt: now, lastModificationDate: now,
      })
      .returning();
    await tellObjective(tx, 'objective.created', row, actor.id);
    return objectiveDetail(tx, actor, row);
  });
}

/** Loads an objective the actor may see and change, locked for the rest of the transaction. */
export async function lockEditable(tx: DbOrTx, actor: Actor, id: number): Promise<ObjectiveRecord> {
  const visible = await findVisibleObjective(tx, actor, id);
  if (!visible) throw notFound(NOT_FOUND_OBJECTIVE);
  const [row] = await tx.select().from(objectives).where(eq(objectives.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND_OBJECTIVE);
  const ownerTeams = await teamIdsOf(tx, row.ownerId);
  // §6: the read-only rule refuses edits, status changes and new key results
  if (isObjectiveReadOnly(actor, objectiveRef(row, ownerTeams))) throw forbidden(OBJECTIVE_MESSAGES.readOnly);
  return row;
}

/**
 * Applies a status transition; 'remove' keeps the row as deleted (statistics count it).
 * `completeKeyResults`, when given, is the answer recorded with it (null clears it).
 */
export async function applyTransition(
  tx: DbOrTx, row: ObjectiveRecord, t: Transition, now = new Date(), completeKeyResults?: boolean | null,
): Promise<ObjectiveRecord | null> {
  const version = nextVersion(row.lastModificationDate, now);
  if (t.kind === 'remove') {
    await tx.update(objectives).set({ status: 'deleted', nextStatus: null, lastModificationDate: version }).where(eq(objectives.id, row.id));
    return null;
  }
  const [updated] = await tx
    .update(objectives)
    .set({ status: t.status, nextStatus: t.nextStatus, lastModificationDate: version, ...(completeKeyResults !== undefined ? { completeKeyResults } : {}) })
    .where(eq(objectives.id, row.id))
    .returning();
  return updated;
}

/** PUT /objective/:id: edited fields and/or a §4 action. */
export async function changeObjective(db: Db, actor: Actor, id: number, change: ObjectiveChange): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    let row = await lockEditable(tx, actor, id);
    checkVersion(change.lastModificationDate, row.lastModificationDate, OBJECTIVE_MESSAGES.stale);
    const now = new Date();
    const fields = pickFields(change);
    if (Object.keys(fields).length > 0) {
      const merged = { ...row, ...fields };
      if (!subcategoryOk(merged.category, merged.subcategory)) throw badRequest(OBJECTIVE_MESSAGES.subcategoryMismatch, 'subcategory');
      if (fields.deadline !== undefined && fields.deadline !== row.deadline) checkDeadline(fields.deadline);
      const level = levelOf(row.level);
      // a company objective has no team; a team sent with its edit is ignored
      if (level === 'company') merged.teamId = null;
      if (level === 'company' && fields.teamId !== undefined) delete fields.teamId;
      if (level !== 'company' && merged.teamId === null) throw badRequest(OBJECTIVE_MESSAGES.team, 'team_id');
      // Only a real reassignment is checked: an unchanged owner who has since moved team keeps their objective editable.
      if (merged.ownerId !== row.ownerId || merged.teamId !== row.teamId) await checkLevelAssignment(tx, actor, level, merged.teamId, merged.ownerId);
      [row] = await tx.update(objectives).set({ ...fields, lastModificationDate: nextVersion(row.lastModificationDate, now) }).where(eq(objectives.id, id)).returning();
      await tellObjective(tx, 'objective.changed', row, actor.id);
    }
    if (change.action !== undefined) {
      const t = transition(actor, row, change.action, change.page);
      if (!t) throw badRequest(OBJECTIVE_MESSAGES.actionNotOffered, 'action');
      // Complete records the answer about the key results still in progress (a request keeps it until decided)
      const answer = change.action === 'complete' ? await completionAnswer(tx, id, change.completeKeyResults) : undefined;
      const updated = await applyTransition(tx, row, t, now, answer);
      await settleStatusChange(tx, row, updated, change.action === 'complete' ? 'complete' : 'other', actor.id, now);
      // alignment: a completed, archived, restored or deleted objective counts towards its parents differently, or stops
      await refreshRollupsAbove(tx, [id]);
      if (!updated) {
        await tellObjective(tx, 'objective.deleted', row, actor.id, 'deleted');
        return { removed: true as const, id };
      }
      await tellStatusChange(tx, updated, row.status, actor.id);
      row = updated;
      if (updated.status === 'waiting for approval') {
        await notifyApprovalRequested(tx, updated, actor.id);
        await tellObjective(tx, 'approval.requested', updated, actor.id);
      }
    }
    return objectiveDetail(tx, actor, row);
  });
}

/**
 * The answer a Complete records: whether the key results still in progress are completed too
 * (false when not sent: they stay as they are), or null when none is in progress, since nothing
 * was asked.
 */
async function completionAnswer(tx: DbOrTx, objectiveId: number, completeKeyResults: boolean | undefined): Promise<boolean | null> {
  const [open] = await tx.select({ id: keyResults.id }).from(keyResults)
    .where(and(eq(keyResults.objectiveId, objectiveId), eq(keyResults.status, 'in progress'))).limit(1);
  return open ? (completeKeyResults ?? false) : null;
}

/** DELETE /objective/:id: the §4 Delete action (a member's becomes a request, design §3). */
export async function deleteObjective(db: Db, actor: Actor, id: number): Promise<ChangeResult> {
  return changeObjective(db, actor, id, { action: 'delete', page: 'list' });
}

type EditableFields = Partial<Pick<ObjectiveRecord, 'title' | 'description' | 'category' | 'subcategory' | 'priority' | 'deadline' | 'isPublic' | 'ownerId' | 'teamId'>>;

function pickFields(change: ObjectiveChange): EditableFields {
  const out: EditableFields = {};
  for (const key of OBJECTIVE_EDIT_FIELDS) {
    if (change[key] !== undefined) Object.assign(out, { [key]: change[key] });
  }
  return out;
}

const subcategoryOk = (category: string, subcategory: string) => subcategoriesOf(category).includes(subcategory);
