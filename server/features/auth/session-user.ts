import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isCapability } from '../../../shared/rules/capabilities';
import { accessLabel } from '../../../shared/rules/permissions';
import type { Ref } from '../../../shared/api/common';
import type { SessionUser } from '../../../shared/api/users';
import type { ApiTokenScope } from '../../../shared/rules/api-tokens';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import { jobs, roles, sessions, teamManagers, teamMembers, teams, users } from '../../db/schema';
import { imagePathOf } from '../team';

// The signed-in user as every permission check sees it (shared/rules/session-user.ts Actor), read
// from the database in ONE statement: on the large company four round trips per request were most
// of the hub's own overhead (bench/api.ts). Each hub keeps what it read until anything
// it is built from changes, on any hub (server/features/auth/session-cache.ts).

export interface LoadedSessionUser {
  user: SessionUser;
  firstLogin: boolean;
  /** an admin set a one-time password; until it is changed the session may do little else */
  passwordMustChange: boolean;
}

/**
 * The direct manager (users.teamlead_id), else the lead of one of the user's teams
 * (spec §2 'Direct Manager'; GET /user/team-lead, objective tracking §7).
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

// qualified(): the subqueries must read the outer row, and Drizzle may render a column unqualified.
const USER_ID = qualified(users.id);
const USER_TEAMLEAD_ID = qualified(users.teamleadId);

/** Active teams of the user by name, with the lead flag (the team list of the session user). */
const membershipsJson = sql<Array<{ id: number; name: string; isLead: boolean }>>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name, 'isLead', m.is_lead) order by t.name)
  from ${teamMembers} m join ${teams} t on t.id = m.team_id
  where m.user_id = ${USER_ID} and t.status = 'active'), '[]'::json)`;

const managedJson = sql<number[]>`coalesce((
  select json_agg(t.id order by t.id)
  from ${teamManagers} tm join ${teams} t on t.id = tm.team_id
  where tm.user_id = ${USER_ID} and t.status = 'active'), '[]'::json)`;

/** directManager() in SQL: the set manager, else the first active lead (by name) of one of the user's active teams. */
const teamleadJson = sql<Ref | null>`coalesce(
  (select json_build_object('id', l.id, 'name', l.name) from ${users} l where l.id = ${USER_TEAMLEAD_ID}),
  (select json_build_object('id', l.id, 'name', l.name)
    from ${teamMembers} m
    join ${teams} t on t.id = m.team_id and t.status = 'active'
    join ${teamMembers} lm on lm.team_id = m.team_id and lm.is_lead
    join ${users} l on l.id = lm.user_id
    where m.user_id = ${USER_ID} and l.id <> ${USER_ID} and l.status = 'active'
    order by l.name, l.id limit 1))`;

/**
 * What a session user is built from: the user's own columns (not the profile extras or the
 * password hash, which no permission check reads), role, job, and the team lists as JSON.
 */
export const SESSION_USER_FIELDS = {
  user: {
    id: users.id,
    name: users.name,
    username: users.username,
    email: users.email,
    phone: users.phone,
    status: users.status,
    isOwner: users.isOwner,
    registered: users.registered,
    joinDate: users.joinDate,
    lastLogin: users.lastLogin,
    firstLogin: users.firstLogin,
    passwordMustChange: users.passwordMustChange,
    imageUrl: users.imageUrl,
    pictureFileId: users.pictureFileId,
  },
  role: { id: roles.id, name: roles.name, status: roles.status, capabilities: roles.capabilities },
  job: { id: jobs.id, name: jobs.name },
  memberships: membershipsJson,
  managed: managedJson,
  teamlead: teamleadJson,
};

/** null for an unknown or archived user: archived users cannot act. */
export async function loadSessionUser(db: DbOrTx, userId: number): Promise<LoadedSessionUser | null> {
  const [row] = await db
    .select(SESSION_USER_FIELDS)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(jobs, eq(jobs.id, users.jobId))
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  return row ? sessionUserOf(row) : null;
}

/**
 * The auth hook's lookup on every request: the live session of a token and its (active) user, in
 * ONE statement built once per database and prepared (building this query with Drizzle
 * and planning it in PostgreSQL cost more than running it).
 */
const sessionLookup = preparedPer((db: Db) =>
  db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, ...SESSION_USER_FIELDS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(jobs, eq(jobs.id, users.jobId))
    .where(and(
      eq(sessions.tokenHash, sql.placeholder('tokenHash')),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql.placeholder('now')),
      eq(users.status, 'active'),
    ))
    .limit(1)
    .prepare('hub_session_lookup'));

export interface LoadedSession extends LoadedSessionUser {
  sessionId: number;
  expiresAt: Date;
}

/** A personal API token (api-token-lookup.ts) and its person, read as a session is. */
export interface LoadedApiToken extends LoadedSessionUser {
  apiToken: { id: number; name: string; scope: ApiTokenScope };
  expiresAt: Date;
}

/** The live session of a token (by its hash, server/features/auth/sessions.ts) and its user. */
export async function loadSession(db: Db, tokenHash: string, now = new Date()): Promise<LoadedSession | null> {
  const [row] = await sessionLookup(db).execute({ tokenHash, now: now.toISOString() });
  return row ? { sessionId: row.sessionId, expiresAt: row.expiresAt, ...sessionUserOf(row) } : null;
}

export type SessionUserRow = {
  user: { id: number; name: string; username: string; email: string | null; phone: string | null; status: string; isOwner: boolean; registered: boolean; joinDate: string | null; lastLogin: Date | null; firstLogin: boolean; passwordMustChange: boolean; imageUrl: string | null; pictureFileId: string | null };
  role: { id: number; name: string; status: string; capabilities: string[] } | null;
  job: { id: number; name: string } | null;
  memberships: Array<{ id: number; name: string; isLead: boolean }> | string;
  managed: number[] | string;
  teamlead: Ref | null | string;
};

export function sessionUserOf(row: SessionUserRow): LoadedSessionUser {
  const { user, role, job } = row;
  const memberships = parseJson(row.memberships);
  const team = memberships.map(({ id, name }) => ({ id, name }));
  const leadTeamIds = memberships.filter((m) => m.isLead).map((m) => m.id);
  const managedTeamIds = parseJson(row.managed);
  const teamIds = team.map((t) => t.id);
  const teamlead = parseJson(row.teamlead);
  // A deleted role grants nothing (spec §4: roles can be deleted and restored).
  const capabilities = role && role.status === 'active' ? role.capabilities.filter(isCapability) : [];
  return {
    firstLogin: user.firstLogin,
    passwordMustChange: user.passwordMustChange,
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

/** json columns arrive parsed from node-postgres and PGlite; a string would be a driver that does not parse. */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
