import { canAdminister } from './admin-access';
import { levelOf } from './objective-levels';
import type { Actor } from './session-user';

// objective-tracking §6: who sees, edits and assigns objectives; alignment adds the team and
// company levels (shared/rules/objective-levels.ts), personal objectives keep the spec's rule.

export interface ObjectiveRef {
  ownerId: number;
  authorId: number;
  teamId: number | null;
  isPublic: boolean;
  /** teams the objective's owner (assignee) belongs to */
  ownerTeamIds: readonly number[];
  /** 'personal' when missing (rows and clients from before the levels) */
  level?: string | null;
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

/** a team objective is its team's: members, leads and teams managers of that team. */
function teamOf(actor: Actor, o: ObjectiveRef): boolean {
  return o.teamId !== null && (actor.teamIds.includes(o.teamId) || actor.leadTeamIds.includes(o.teamId) || actor.managedTeamIds.includes(o.teamId));
}

/**
 * Visible: one's own (as owner or author), public ones, and those one's role covers (owner: all).
 * With the levels, as a company tool's users expect: company objectives are everyone's to see; a team
 * objective is also seen by everyone in its team and by admins (who create company objectives
 * and must see what may support them). objectives-scope.ts visibleWhere mirrors this in SQL.
 */
export function canViewObjective(actor: Actor, o: ObjectiveRef): boolean {
  const level = levelOf(o.level);
  if (level === 'company') return true;
  if (level === 'team' && (teamOf(actor, o) || canAdminister(actor))) return true;
  return actor.isOwner || o.ownerId === actor.id || o.authorId === actor.id || o.isPublic || leadCovers(actor, o) || managerCovers(actor, o);
}

/**
 * spec §6: read-only unless the user is its owner, or a team lead / teams manager; a teams
 * manager whose teams the owner does not share gets it read-only. We apply the same
 * "shares a team" limit to team leads (a lead may not edit another team's public objective)
 * and let company owners edit everything they can assign.
 */
export function isObjectiveReadOnly(actor: Actor, o: ObjectiveRef): boolean {
  if (o.ownerId === actor.id) return false;
  if (actor.isOwner) return false;
  // the levels above are edited by whoever may create them, never through the owner's other teams
  const level = levelOf(o.level);
  if (level === 'company') return !canAdminister(actor);
  if (level === 'team') {
    const team = o.teamId;
    return team === null || !((actor.isTeamLead && actor.leadTeamIds.includes(team)) || (actor.isTeamsManager && actor.managedTeamIds.includes(team)));
  }
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
