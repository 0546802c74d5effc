import { canAdminister } from './admin-access';
import type { Actor } from './session-user';

// Alignment's levels (docs/api.md#alignment): company, team and personal objectives. Every spec
// rule for personal objectives stays as it was; the levels above add who creates them, who sees
// them and who approves them ("approval by the level above").

export const OBJECTIVE_LEVELS = ['personal', 'team', 'company'] as const;
export type ObjectiveLevel = (typeof OBJECTIVE_LEVELS)[number];

export const LEVEL_LABELS: Record<ObjectiveLevel, string> = {
  personal: 'Personal',
  team: 'Team',
  company: 'Company',
};

/** personal < team < company: a link always points up this order. */
export const LEVEL_RANK: Record<ObjectiveLevel, number> = { personal: 0, team: 1, company: 2 };

/** A row written before the levels (or by a hub of the previous release) has no level: personal. */
export function levelOf(value: string | null | undefined): ObjectiveLevel {
  return value === 'team' || value === 'company' ? value : 'personal';
}

export const LEVEL_MESSAGES = {
  teamRequired: 'Team is required',
  teamForbidden: "Only the team's lead or teams manager, or an owner, may create team objectives for this team.",
  companyForbidden: 'Only an owner or an admin may create company objectives.',
  teamOwner: "The assignee of a team objective is a member, lead or teams manager of the team",
} as const;

/**
 * Who may create an objective of a level: anyone a personal one (spec §6 as before); a team one
 * the team's lead or teams manager, or an owner; a company one an owner or an admin.
 */
export function canCreateAtLevel(actor: Actor, level: ObjectiveLevel, teamId: number | null): boolean {
  if (level === 'personal') return true;
  if (level === 'company') return actor.isOwner || canAdminister(actor);
  if (actor.isOwner) return true;
  if (teamId === null) return false;
  return (actor.isTeamLead && actor.leadTeamIds.includes(teamId)) || (actor.isTeamsManager && actor.managedTeamIds.includes(teamId));
}

/** Why the actor may not create at this level (null when they may), as the hub answers it. */
export function levelRefusal(actor: Actor, level: ObjectiveLevel, teamId: number | null): string | null {
  if (canCreateAtLevel(actor, level, teamId)) return null;
  return level === 'company' ? LEVEL_MESSAGES.companyForbidden : LEVEL_MESSAGES.teamForbidden;
}

/**
 * "Approval by the level above": a personal objective's Complete/Delete by a member waits for
 * their lead (design §3, unchanged); a team objective's waits for an owner unless an owner acts;
 * a company objective needs no approval.
 */
export function actsWithoutApprovalAt(actor: Pick<Actor, 'isTeamLead' | 'isTeamsManager' | 'isOwner'>, level: ObjectiveLevel): boolean {
  if (level === 'company') return true;
  if (level === 'team') return actor.isOwner;
  return actor.isTeamLead || actor.isTeamsManager || actor.isOwner;
}

/** Who decides on a waiting objective of this level: owners for team objectives, as before for personal ones. */
export function decidesApprovalAt(actor: Pick<Actor, 'isTeamLead' | 'isTeamsManager' | 'isOwner'>, level: ObjectiveLevel): boolean {
  if (level === 'team') return actor.isOwner;
  return actor.isTeamLead || actor.isTeamsManager || actor.isOwner;
}
