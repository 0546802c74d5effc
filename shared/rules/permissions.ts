import type { Capability } from './capabilities';
import { ROLE_GUEST, ROLE_TEAM_LEAD } from './roles';
import type { Actor } from './session-user';

// One module for every "who may" question (spec §6 of both files). The hub calls these before
// acting; the renderer calls the same functions to decide what to show.

export function hasCapability(actor: Pick<Actor, 'capabilities'> | null | undefined, cap: Capability): boolean {
  return !!actor && (actor.capabilities as readonly string[]).includes(cap);
}

/** spec §6: Admin with the view-admin capability, otherwise User. */
export function accessLabel(capabilities: readonly string[]): 'Admin' | 'User' {
  return capabilities.includes('VIEW_ADMIN') ? 'Admin' : 'User';
}

/** spec §2/§6: one named role (Guest, design §3) is barred from admin users, statistics and approvals. */
export function isBarredRole(actor: Pick<Actor, 'role'> | null | undefined): boolean {
  return actor?.role?.name === ROLE_GUEST;
}

export const BARRED_ROUTES = ['admin', 'statistics', 'approvals'] as const;
export type BarredArea = (typeof BARRED_ROUTES)[number];

export function canEnterArea(actor: Actor, area: BarredArea): boolean {
  if (isBarredRole(actor)) return false;
  if (area === 'admin') return hasCapability(actor, 'VIEW_ADMIN');
  return true;
}

/** spec §2: the my-team button is for team leads, owners and teams managers. */
export function canSeeMyTeam(actor: Pick<Actor, 'isTeamLead' | 'isOwner' | 'isTeamsManager'>): boolean {
  return actor.isTeamLead || actor.isOwner || actor.isTeamsManager;
}

/** objective-tracking §2/§6: the team-mates step and the invite call are for team leads. */
export function canInviteTeamMates(actor: Pick<Actor, 'isTeamLead'>): boolean {
  return actor.isTeamLead;
}

function sharesTeam(a: readonly number[], b: readonly number[]): boolean {
  return a.some((id) => b.includes(id));
}

/** spec §6: a user whose role is named 'Team lead' and who shares a team with the viewed user. */
export function isTeamLeadOf(actor: Actor, target: { id: number; teamIds: readonly number[] }): boolean {
  return actor.role?.name === ROLE_TEAM_LEAD && actor.id !== target.id && sharesTeam(actor.teamIds, target.teamIds);
}

export interface ProfileTarget {
  id: number;
  teamIds: readonly number[];
  /** the account's personal data was erased: its record is read-only */
  erased?: boolean;
}

/** spec §6: owner of the profile, holders of edit-all-fields, or the team lead of the member. */
export function canEditUserInfo(actor: Actor, target: ProfileTarget): boolean {
  return actor.id === target.id || hasCapability(actor, 'EDIT_ALL_FIELDS') || isTeamLeadOf(actor, target);
}

/** spec §5: email, direct manager, team and job need edit-all-fields or team-lead permission. */
export function canEditRestrictedUserFields(actor: Actor, target: ProfileTarget): boolean {
  return hasCapability(actor, 'EDIT_ALL_FIELDS') || isTeamLeadOf(actor, target);
}

/** spec §2: Previous team and Access are shown to privileged viewers. */
export function canViewPrivilegedUserInfo(actor: Actor, target: ProfileTarget): boolean {
  return hasCapability(actor, 'VIEW_ALL_USER_INFO') || hasCapability(actor, 'VIEW_ADMIN') || isTeamLeadOf(actor, target);
}

/** spec §6: official name, birth date, address and personal email. */
export function canViewSensitivePersonalInfo(actor: Actor, target: ProfileTarget): boolean {
  return actor.id === target.id || hasCapability(actor, 'VIEW_ADMIN') || isTeamLeadOf(actor, target);
}

/** spec §6: vacation days, benefits, team buildings, learning and development. */
export function canViewBitstoneInfo(actor: Actor, target: ProfileTarget): boolean {
  return actor.id === target.id || hasCapability(actor, 'VIEW_BITSTONE_INFO') || isTeamLeadOf(actor, target);
}

/** spec §2/§6: the FILES section belongs to the profile owner or admins. */
export function canSeeFiles(actor: Actor, target: ProfileTarget): boolean {
  return actor.id === target.id || hasCapability(actor, 'VIEW_ADMIN');
}

/** spec §6: only the user themselves, or edit-all-fields, may change a picture. */
export function canChangePicture(actor: Actor, target: ProfileTarget): boolean {
  return actor.id === target.id || hasCapability(actor, 'EDIT_ALL_FIELDS');
}

/** spec §6: owners edit a user's teams and line-manager flag. */
export function canEditTeams(actor: Pick<Actor, 'isOwner'>): boolean {
  return actor.isOwner;
}

export type ExtraSection = 'bitstoneInfo' | 'relevantExperience' | 'projectsInfo' | 'personalInfo';

const EXTRA_SECTION_CAPABILITY: Record<ExtraSection, Capability> = {
  bitstoneInfo: 'EDIT_BITSTONE_INFO',
  relevantExperience: 'EDIT_RELEVANT_EXPERIENCE',
  projectsInfo: 'EDIT_PROJECTS_EXPERIENCE',
  personalInfo: 'EDIT_PERSONAL_INFO',
};

/**
 * spec §6: the matching capability unlocks a section; the team lead of the member may edit the
 * extra-info sections; the profile owner edits their own project and personal info.
 */
export function canEditExtraSection(actor: Actor, target: ProfileTarget, section: ExtraSection): boolean {
  if (hasCapability(actor, EXTRA_SECTION_CAPABILITY[section])) return true;
  if (isTeamLeadOf(actor, target)) return true;
  if (actor.id === target.id) return section === 'projectsInfo' || section === 'personalInfo';
  return false;
}

/**
 * GET /teamDetails/:userId: the user themselves, an owner, or a teams manager of a
 * team the target belongs to (teams managers see only teams they share, spec §6).
 */
export function canSeeTeamDetailsOf(actor: Actor, target: { id: number; teamIds: readonly number[] }): boolean {
  if (actor.id === target.id || actor.isOwner) return true;
  return actor.isTeamsManager && sharesTeam(actor.managedTeamIds, target.teamIds);
}
