import { sql, type SQL } from 'drizzle-orm';
import { canAdminister } from '../../../shared/rules/admin-access';
import type { ObjectiveRef } from '../../../shared/rules/objective-access';
import type { Actor } from '../../../shared/rules/session-user';
import { flatSql } from '../../db/frozen-sql';
import { objectives, teamMembers } from '../../db/schema';

// objective-tracking §6 as SQL: the same "who sees what" as canViewObjective (shared/rules/
// objective-access.ts), applied in the query so paging and totals count only visible rows.

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Teams whose members' objectives the actor's role covers: led teams and managed teams. */
export function coveredTeamIds(actor: Actor): number[] {
  const ids = new Set<number>();
  if (actor.isTeamLead) actor.leadTeamIds.forEach((id) => ids.add(id));
  if (actor.isTeamsManager) actor.managedTeamIds.forEach((id) => ids.add(id));
  return [...ids];
}

/** The objective's owner belongs to one of the teams (uses the team_members primary key). */
export function ownerInTeams(teamIds: readonly number[]): SQL {
  if (teamIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${teamMembers} tm where tm.user_id = ${objectives.ownerId} and tm.team_id in (${idList(teamIds)}))`;
}

/**
 * Objectives of the teams or owned by one of their members, as a set of ids: each half reads an
 * index, where `team in (...) or ownerInTeams(...)` made PostgreSQL read the whole table
 * (measured on the large company: a team's plans read 250,000 objectives to find 1,211 in 80 ms).
 */
export function ofTeamsOrTheirMembers(teamIds: readonly number[]): SQL {
  if (teamIds.length === 0) return sql`false`;
  return sql`${objectives.id} in (
    select o.id from ${objectives} o where o.team_id in (${idList(teamIds)})
    union
    select o.id from ${teamMembers} tm join ${objectives} o on o.owner_id = tm.user_id where tm.team_id in (${idList(teamIds)}))`;
}

/** Objectives the role covers (lead: their team; manager: teams they manage; owner: all). */
export function coveredWhere(actor: Actor): SQL {
  if (actor.isOwner) return sql`true`;
  const teams = coveredTeamIds(actor);
  if (teams.length === 0) return sql`false`;
  return sql`(${objectives.teamId} in (${idList(teams)}) or ${ownerInTeams(teams)})`;
}

/**
 * The alignment arms of canViewObjective: company objectives are everyone's; team objectives are
 * their team's (members, leads, teams managers) and admins'. Each arm starts with the level, so
 * it reads objectives_level_team_deadline_idx beside the other arms' indexes.
 */
function levelsAboveWhere(actor: Actor): SQL {
  if (canAdminister(actor)) return sql`${objectives.level} in ('company', 'team')`;
  const teams = [...new Set([...actor.teamIds, ...actor.leadTeamIds, ...actor.managedTeamIds])];
  if (teams.length === 0) return sql`${objectives.level} = 'company'`;
  return sql`${objectives.level} = 'company' or (${objectives.level} = 'team' and ${objectives.teamId} in (${idList(teams)}))`;
}

function visibleWhereOf(actor: Actor): SQL {
  if (actor.isOwner) return sql`${objectives.status} <> 'deleted'`;
  return sql`${objectives.status} <> 'deleted' and (${objectives.ownerId} = ${actor.id} or ${objectives.authorId} = ${actor.id} or ${objectives.isPublic} or ${coveredWhere(actor)} or ${levelsAboveWhere(actor)})`;
}

/**
 * Flattened once per actor: the hub's session cache hands every request of a session
 * the same frozen actor until anything about people or teams changes, and walking this filter's
 * tree on each list request was half of Drizzle's share of it.
 */
const visibleByActor = new WeakMap<Actor, SQL>();

/** canViewObjective: one's own (owner or author), public ones, those the role covers, and the levels above. */
export function visibleWhere(actor: Actor): SQL {
  // an actor that can still change (built by hand, not the session cache's) is not remembered
  if (!Object.isFrozen(actor)) return visibleWhereOf(actor);
  let where = visibleByActor.get(actor);
  if (!where) {
    where = flatSql(visibleWhereOf(actor));
    visibleByActor.set(actor, where);
  }
  return where;
}

export interface ObjectiveRow {
  ownerId: number;
  authorId: number;
  teamId: number | null;
  isPublic: boolean;
  /** the alignment level: personal, team or company */
  level?: string | null;
}

export function objectiveRef(row: ObjectiveRow, ownerTeamIds: readonly number[]): ObjectiveRef {
  return { ownerId: row.ownerId, authorId: row.authorId, teamId: row.teamId, isPublic: row.isPublic, ownerTeamIds, level: row.level ?? 'personal' };
}
