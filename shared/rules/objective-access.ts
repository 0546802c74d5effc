import type { Actor } from './session-user';

// objective-tracking §6: who sees, edits and assigns objectives.

export interface ObjectiveRef {
  ownerId: number;
  authorId: number;
  teamId: number | null;
  isPublic: boolean;
  /** teams the objective's owner (assignee) belongs to */
  ownerTeamIds: readonly number[];
}

const overlaps = (a: readonly number[], b: readonly number[]) => a.some((id) => b.includes(id));

/** A team lead covers members of the teams they lead. */
function leadCovers(actor: Actor, o: ObjectiveRef): boolean {
  return actor.isTeamLead && (overlaps(actor.leadTeamIds, o.ownerTeamIds) || (o.teamId !== null && actor.leadTeamIds.includes(o.teamId)));
}

/** spec §6: a teams manager covers objectives whose owner shares a team they manage. */
function managerCovers(actor: Actor, o: ObjectiveRef): boolean {
  return actor.isTeamsManager && (overlaps(actor.managedTeamIds, o.ownerTeamIds) || (o.teamId !== null && actor.managedTeamIds.includes(o.teamId)));
}

/** Visible: one's own (as owner or author), public ones, and those one's role covers (owner: all). */
export function canViewObjective(actor: Actor, o: ObjectiveRef): boolean {
  return actor.isOwner || o.ownerId === actor.id || o.authorId === actor.id || o.isPublic || leadCovers(actor, o) || managerCovers(actor, o);
}

/**
 * spec §6: read-only unless the user is its owner, or a team lead / teams manager; a teams
 * manager whose teams the owner does not share gets it read-only. We apply the same
 * "shares a team" limit to team leads (a lead may not edit another team's public objective)
 * and let company owners edit everything they can assign (design note in issue 6).
 */
export function isObjectiveReadOnly(actor: Actor, o: ObjectiveRef): boolean {
  if (o.ownerId === actor.id) return false;
  if (actor.isOwner) return false;
  if (leadCovers(actor, o)) return false;
  if (managerCovers(actor, o)) return false;
  return true;
}

/**
 * spec §6: "Owner and teams manager: choose any team, assign objectives to any registered
 * member"; team leads assign to their team; regular users only to themselves. (Registered and
 * active is checked by the hub.) A manager's objective for someone outside their teams is then
 * read-only to them, as isObjectiveReadOnly says.
 */
export function canAssignTo(actor: Actor, assignee: { id: number; teamIds: readonly number[] }): boolean {
  if (assignee.id === actor.id) return true;
  if (actor.isOwner || actor.isTeamsManager) return true;
  if (actor.isTeamLead && overlaps(actor.leadTeamIds, assignee.teamIds)) return true;
  return false;
}

/** design §3: members' Complete/Delete go to their lead for approval; these roles act directly. */
export function actsWithoutApproval(actor: Pick<Actor, 'isTeamLead' | 'isTeamsManager' | 'isOwner'>): boolean {
  return actor.isTeamLead || actor.isTeamsManager || actor.isOwner;
}
