import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Ref } from '../../../shared/api/common';
import type { ObjectiveChoices } from '../../../shared/api/objectives';
import type { SessionUser } from '../../../shared/api/users';
import type { DbOrTx } from '../../db/client';
import { jobs, teamMembers, teams, users } from '../../db/schema';
import { coveredTeamIds } from './objectives-scope';

// What the objective form and the list's role-dependent filters offer (spec §2, §5, §6).

const membersOf = (teamIds: readonly number[]): SQL =>
  teamIds.length === 0
    ? sql`false`
    : inArray(users.id, sql`(select ${teamMembers.userId} from ${teamMembers} where ${inArray(teamMembers.teamId, [...teamIds])})`);

async function people(db: DbOrTx, where: SQL | undefined): Promise<Ref[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.status, 'active'), eq(users.registered, true), where))
    .orderBy(asc(users.name), asc(users.id));
}

/** §5/§6: teams the form may choose: any for owner and teams manager, led teams for a lead, own teams otherwise. */
export async function formTeams(db: DbOrTx, actor: SessionUser): Promise<Ref[]> {
  const active = eq(teams.status, 'active');
  let where: SQL | undefined = active;
  if (!actor.isOwner && !actor.isTeamsManager) {
    const ids = actor.isTeamLead ? [...new Set([...actor.leadTeamIds, ...actor.teamIds])] : actor.teamIds;
    if (ids.length === 0) return [];
    where = and(active, inArray(teams.id, [...ids]));
  }
  return db.select({ id: teams.id, name: teams.name }).from(teams).where(where).orderBy(asc(teams.name));
}

/**
 * §5 assignee choices for a team: owner or teams manager: its registered members; team lead:
 * registered members of the team they lead; a regular user: self.
 */
export async function assigneesFor(db: DbOrTx, actor: SessionUser, teamId: number | undefined): Promise<Ref[]> {
  const self = { id: actor.id, name: actor.name };
  if (actor.isOwner || actor.isTeamsManager) return teamId === undefined ? [] : people(db, membersOf([teamId]));
  if (actor.isTeamLead) {
    if (teamId !== undefined && actor.leadTeamIds.includes(teamId)) return people(db, membersOf([teamId]));
    return [self];
  }
  return [self];
}

/** The list filters of §2 as the role allows them (§6 "filters by self, their team lead, or all"). */
export async function objectiveChoices(db: DbOrTx, actor: SessionUser): Promise<ObjectiveChoices> {
  const covered = coveredTeamIds(actor);
  const [teamList, assignees, authors, jobList] = await Promise.all([
    formTeams(db, actor),
    // Assignee filter: team leads and teams managers, over the teams they cover.
    actor.isTeamLead || actor.isTeamsManager ? people(db, membersOf(covered)) : Promise.resolve([]),
    actor.isOwner
      ? people(db, undefined)
      : actor.isTeamLead || actor.isTeamsManager
        ? people(db, or(membersOf(covered), eq(users.id, actor.id)))
        : people(db, actor.teamlead ? inArray(users.id, [actor.id, actor.teamlead.id]) : eq(users.id, actor.id)),
    // Job Title filter: team leads and owners.
    actor.isTeamLead || actor.isOwner ? db.select({ id: jobs.id, name: jobs.name }).from(jobs).orderBy(asc(jobs.name)) : Promise.resolve([]),
  ]);
  return { teams: teamList, assignees, authors, jobs: jobList };
}
