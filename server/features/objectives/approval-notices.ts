import { and, eq, inArray } from 'drizzle-orm';
import { actsWithoutApproval, canViewObjective, isObjectiveReadOnly } from '../../../shared/rules/objective-access';
import { decidesApprovalAt, levelOf } from '../../../shared/rules/objective-levels';
import { isBarredRole } from '../../../shared/rules/permissions';
import type { DbOrTx } from '../../db/client';
import { teamManagers, teamMembers, users } from '../../db/schema';
import { notify, type NewNotification } from '../notifications';
import { nameOf, NOTIFICATION_LINKS } from '../notifications';
import { teamIdsOf, type ObjectiveRecord } from './objectives-read';
import { objectiveRef } from './objectives-scope';
import { loadSessionUser } from '../auth';
import { queueEmails } from '../email';

// An objective's approval requests in the bell and by e-mail: who may decide one, and who hears
// what was decided. Each function runs inside the event's transaction.

/**
 * Who may decide on this request: the team leads and teams managers of the owner's teams (and of
 * the objective's team), each checked with the same rules the approvals routes use
 * (actsWithoutApproval, not read-only to them, not the barred role), so the bell never points
 * someone at a request the hub would refuse them.
 */
export async function approversOf(tx: DbOrTx, objective: ObjectiveRecord): Promise<number[]> {
  // a team objective waits for the level above, the company's owners
  if (levelOf(objective.level) === 'team') {
    const owners = await tx.select({ id: users.id }).from(users).where(and(eq(users.isOwner, true), eq(users.status, 'active')));
    const approvers: number[] = [];
    for (const { id } of owners) {
      const loaded = id === objective.ownerId ? null : await loadSessionUser(tx, id);
      if (loaded && !isBarredRole(loaded.user) && decidesApprovalAt(loaded.user, 'team')) approvers.push(id);
    }
    return approvers;
  }
  const ownerTeams = await teamIdsOf(tx, objective.ownerId);
  const teamIds = [...new Set([...ownerTeams, ...(objective.teamId !== null ? [objective.teamId] : [])])];
  if (teamIds.length === 0) return [];
  const [leads, managers] = await Promise.all([
    tx.select({ id: teamMembers.userId }).from(teamMembers).where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.isLead, true))),
    tx.select({ id: teamManagers.userId }).from(teamManagers).where(inArray(teamManagers.teamId, teamIds)),
  ]);
  const candidates = [...new Set([...leads, ...managers].map((r) => r.id))].filter((id) => id !== objective.ownerId);
  const ref = objectiveRef(objective, ownerTeams);
  const approvers: number[] = [];
  for (const id of candidates) {
    const loaded = await loadSessionUser(tx, id);
    if (!loaded) continue; // archived
    const actor = loaded.user;
    if (isBarredRole(actor) || !actsWithoutApproval(actor) || isObjectiveReadOnly(actor, ref)) continue;
    approvers.push(id);
  }
  return approvers;
}

/** design §3: a member's Complete/Delete became 'waiting for approval'. */
export async function notifyApprovalRequested(tx: DbOrTx, objective: ObjectiveRecord, requesterId: number): Promise<void> {
  const who = await nameOf(tx, requesterId);
  const what = objective.nextStatus === 'deleted' ? 'delete' : 'complete';
  const approvers = await approversOf(tx, objective);
  // the subject names the objective: asked of each recipient as the screens ask it
  const ref = objectiveRef(objective, await teamIdsOf(tx, objective.ownerId));
  const canSee = async (id: number) => {
    const loaded = await loadSessionUser(tx, id);
    return loaded !== null && canViewObjective(loaded.user, ref);
  };
  await queueEmails(tx, 'approval_requested', approvers, { requester: who, action: what, title: objective.title }, { actorId: requesterId, settingKind: 'approval_requested', canSee });
  await notify(
    tx,
    approvers,
    {
      kind: 'approval_requested', title: 'Objective waiting for your approval', body: `${who} asks to ${what} "${objective.title}".`,
      link: NOTIFICATION_LINKS.approvals, objectiveId: objective.id,
    },
    requesterId,
  );
}

/** Approvals page Approve / Remove, and the completion approval page: the owner hears the outcome. */
export async function notifyApprovalDecision(
  tx: DbOrTx,
  objective: Pick<ObjectiveRecord, 'id' | 'title' | 'ownerId'>,
  outcome: 'completed' | 'deleted' | 'sent back',
  deciderId: number,
): Promise<void> {
  const who = await nameOf(tx, deciderId);
  const n: NewNotification =
    outcome === 'sent back'
      ? { kind: 'objective_sent_back', title: 'Objective sent back', body: `${who} sent "${objective.title}" back to in progress.`, link: NOTIFICATION_LINKS.objective(objective.id) }
      : outcome === 'deleted'
        ? { kind: 'objective_approved', title: 'Deletion approved', body: `${who} approved deleting "${objective.title}".`, link: NOTIFICATION_LINKS.objectives }
        : { kind: 'objective_approved', title: 'Objective approved', body: `${who} approved completing "${objective.title}".`, link: NOTIFICATION_LINKS.objective(objective.id) };
  await notify(tx, [objective.ownerId], n, deciderId);
  // the owner sees their own objective, whatever its visibility
  await queueEmails(tx, 'approval_decided', [objective.ownerId], { decider: who, outcome, title: objective.title, objectiveId: objective.id }, { actorId: deciderId, settingKind: n.kind });
}
