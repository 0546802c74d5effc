import { and, asc, eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/api/people';
import type { UserExtrasView } from '../../../shared/api/people-extras';
import {
  canEditExtraSection,
  canViewBitstoneInfo,
  canViewPrivilegedUserInfo,
  canViewSensitivePersonalInfo,
  hasCapability,
  type ProfileTarget,
} from '../../../shared/rules/permissions';
import { isFormerEmployee } from '../../../shared/api/personal-data-erasure';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { jobs, previousTeams, roles, teamMembers, teams, users, type UserExtras } from '../../db/schema';
import { imagePathOf } from './member-summary';
import { teamLeadBadge } from './people-directory';
import { directManager } from '../auth';
import { presenceFor } from '../holidays';

// GET /user/:id (spec §2 'Profile page'): the hub, not the screen, leaves out what the viewer may
// not see (spec §6).

export interface LoadedMember {
  row: typeof users.$inferSelect;
  job: { id: number; name: string } | null;
  role: { id: number; name: string } | null;
  team: { id: number; name: string }[];
  isTeamLead: boolean;
  target: ProfileTarget;
}

/** Any member, active or archived; null when the id is unknown. */
export async function loadMember(db: DbOrTx, id: number): Promise<LoadedMember | null> {
  const [found] = await db
    .select({ row: users, job: { id: jobs.id, name: jobs.name }, role: { id: roles.id, name: roles.name }, isTeamLead: teamLeadBadge })
    .from(users)
    .leftJoin(jobs, eq(jobs.id, users.jobId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .limit(1);
  if (!found) return null;
  const team = await db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, id), eq(teams.status, 'active')))
    .orderBy(asc(teams.name));
  return {
    row: found.row,
    job: found.job?.id != null ? found.job : null,
    role: found.role?.id != null ? found.role : null,
    team,
    isTeamLead: Boolean(found.isTeamLead),
    target: { id, teamIds: team.map((t) => t.id), erased: isFormerEmployee(found.row) },
  };
}

/** spec §2: an archived profile is for those who may see archived users or restore them. */
export function canOpenProfile(actor: Actor, member: LoadedMember): boolean {
  return member.row.status !== 'deleted' || hasCapability(actor, 'VIEW_ARCHIVED_USERS') || hasCapability(actor, 'REMOVE_USERS');
}

/**
 * spec §6 visibility of the extras: bitstone money and days need view-bitstone (or owner / team
 * lead); official name, birth date, address and personal email need the sensitive-info right;
 * the Relevant Experience tab is for those who may edit that section (the capability, or the
 * member's team lead, who may edit every extra section).
 */
export function visibleExtras(actor: Actor, target: ProfileTarget, extras: UserExtras): UserExtrasView {
  const out: UserExtrasView = {};
  if (extras.bitstoneInfo) {
    const { benefits, learningAndDev, teamBuildings, holidays, ...open } = extras.bitstoneInfo;
    out.bitstoneInfo = canViewBitstoneInfo(actor, target) ? { ...open, benefits, learningAndDev, teamBuildings, holidays } : open;
  }
  if (extras.relevantExperience && canEditExtraSection(actor, target, 'relevantExperience')) {
    out.relevantExperience = extras.relevantExperience;
  }
  if (extras.projectsInfo) out.projectsInfo = extras.projectsInfo;
  if (extras.personalInfo) {
    const { officialName, birthdate, personalEmailAddress, currentAddress, ...open } = extras.personalInfo;
    out.personalInfo = canViewSensitivePersonalInfo(actor, target)
      ? { ...open, officialName, birthdate, personalEmailAddress, currentAddress }
      : open;
  }
  return JSON.parse(JSON.stringify(out)) as UserExtrasView; // drops the undefined keys
}

export async function profileFor(db: DbOrTx, actor: Actor, member: LoadedMember): Promise<Profile> {
  const { row, target } = member;
  const privileged = canViewPrivilegedUserInfo(actor, target);
  const profile: Profile = {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    status: row.status === 'deleted' ? 'deleted' : 'active',
    imagePath: imagePathOf(row),
    joinDate: row.joinDate,
    job: member.job,
    team: member.team,
    teamlead: await directManager(db, row, target.teamIds),
    teamleadId: row.teamleadId,
    isTeamLead: member.isTeamLead,
    extras: visibleExtras(actor, target, row.extras),
    presence: (await presenceFor(db, actor, [row.id])).get(row.id) ?? null,
  };
  if (privileged) {
    profile.role = member.role;
    profile.previousTeam = await db
      .select({ id: teams.id, name: teams.name })
      .from(previousTeams)
      .innerJoin(teams, eq(teams.id, previousTeams.teamId))
      .where(eq(previousTeams.userId, row.id))
      .orderBy(asc(teams.name));
  }
  return profile;
}
