import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { isCapability } from '../../shared/rules/capabilities';
import { accessLabel } from '../../shared/rules/permissions';
import type { Ref } from '../../shared/api/common';
import type { SessionUser } from '../../shared/api/users';
import type { DbOrTx } from '../db/client';
import { jobs, roles, teamManagers, teamMembers, teams, users } from '../db/schema';
import { imagePathOf } from './member-summary';

// The signed-in user as every permission check sees it (shared/rules/session-user.ts Actor),
// rebuilt from the database on each request so a role or team change applies at once.

export interface LoadedSessionUser {
  user: SessionUser;
  firstLogin: boolean;
}

async function teamsOf(db: DbOrTx, userId: number) {
  const [memberships, managed] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, isLead: teamMembers.isLead })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.userId, userId), eq(teams.status, 'active')))
      .orderBy(asc(teams.name)),
    db
      .select({ id: teams.id })
      .from(teamManagers)
      .innerJoin(teams, eq(teams.id, teamManagers.teamId))
      .where(and(eq(teamManagers.userId, userId), eq(teams.status, 'active'))),
  ]);
  return {
    team: memberships.map(({ id, name }) => ({ id, name })),
    leadTeamIds: memberships.filter((m) => m.isLead).map((m) => m.id),
    managedTeamIds: managed.map((m) => m.id),
  };
}

/**
 * The direct manager (users.teamlead_id), else the lead of one of the user's teams
 * (spec §2 'Direct Manager'; issue 3 GET /user/team-lead).
 */
export async function directManager(db: DbOrTx, user: { id: number; teamleadId: number | null }, teamIds: readonly number[]): Promise<Ref | null> {
  if (user.teamleadId !== null) {
    const [lead] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, user.teamleadId)).limit(1);
    if (lead) return lead;
  }
  if (teamIds.length === 0) return null;
  const [lead] = await db
    .select({ id: users.id, name: users.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, [...teamIds]), eq(teamMembers.isLead, true), ne(users.id, user.id), eq(users.status, 'active')))
    .orderBy(asc(users.name), asc(users.id))
    .limit(1);
  return lead ?? null;
}

/** null for an unknown or archived user: archived users cannot act (issue 3). */
export async function loadSessionUser(db: DbOrTx, userId: number): Promise<LoadedSessionUser | null> {
  const [row] = await db
    .select({ user: users, role: { id: roles.id, name: roles.name, status: roles.status, capabilities: roles.capabilities }, job: { id: jobs.id, name: jobs.name } })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(jobs, eq(jobs.id, users.jobId))
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  if (!row) return null;
  const { user, role, job } = row;
  const { team, leadTeamIds, managedTeamIds } = await teamsOf(db, user.id);
  const teamIds = team.map((t) => t.id);
  const teamlead = await directManager(db, user, teamIds);
  // A deleted role grants nothing (spec §4: roles can be deleted and restored).
  const capabilities = role && role.status === 'active' ? role.capabilities.filter(isCapability) : [];
  return {
    firstLogin: user.firstLogin,
    user: {
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      phone: user.phone,
      imagePath: imagePathOf(user),
      status: user.status === 'deleted' ? 'deleted' : 'active',
      role: role ? { id: role.id, name: role.name } : null,
      roleId: role?.id ?? null,
      job: job ? { id: job.id, name: job.name } : null,
      team,
      teamIds,
      leadTeamIds,
      managedTeamIds,
      teamlead,
      isOwner: user.isOwner,
      isTeamLead: leadTeamIds.length > 0,
      isTeamsManager: managedTeamIds.length > 0,
      registered: user.registered,
      joinDate: user.joinDate,
      lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
      capabilities,
      accessLabel: accessLabel(capabilities),
    },
  };
}
