import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { INVITE_MESSAGES, type TeamDetailsTeam } from '../../../shared/api/my-team';
import type { MemberSummary, SessionUser } from '../../../shared/api/users';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { invitations, teamMembers, teams, users } from '../../db/schema';
import { badRequest } from '../../http-errors';
import { memberSummaries } from './member-summary';
import { presenceFor } from '../holidays';

// Team endpoints used at sign-in (the login stepper) and the my-team drawer (spec §2).

const inTeams = (teamIds: readonly number[]) =>
  sql`${users.id} in (select tm.user_id from ${teamMembers} tm where tm.team_id in (${sql.join(teamIds.map((id) => sql`${id}`), sql`, `)}))`;

/** GET /user/team: members of the teams I belong to or lead, without me. */
export async function teamMates(db: DbOrTx, actor: Actor): Promise<MemberSummary[]> {
  const teamIds = [...new Set([...actor.teamIds, ...actor.leadTeamIds])];
  if (teamIds.length === 0) return [];
  const mates = await memberSummaries(db, and(ne(users.id, actor.id), inTeams(teamIds)), actor.id);
  // the list's presence in one query
  const presence = await presenceFor(db, actor, mates.map((m) => m.id));
  return mates.map((m) => ({ ...m, presence: presence.get(m.id) ?? null }));
}

/** GET /user/team-lead: the session user already resolved their direct manager. */
export async function teamLead(db: DbOrTx, actor: SessionUser): Promise<MemberSummary | null> {
  if (!actor.teamlead) return null;
  const [lead] = await memberSummaries(db, eq(users.id, actor.teamlead.id), actor.id);
  return lead ?? null;
}

/** POST /user/invite-in-team: records the invitation once; an unknown email is a field error. */
export async function inviteTeamMate(db: DbOrTx, actor: Actor, email: string): Promise<MemberSummary> {
  const [invitee] = await memberSummaries(db, sql`lower(${users.email}) = lower(${email})`, actor.id);
  if (!invitee) throw badRequest(INVITE_MESSAGES.unknownEmail, 'teamMemberEmail');
  if (invitee.id === actor.id) throw badRequest(INVITE_MESSAGES.self, 'teamMemberEmail');
  if (!invitee.invited) {
    await db.insert(invitations).values({ inviterId: actor.id, inviteeId: invitee.id, email: invitee.email ?? email });
  }
  // the row the step shows is replaced by this answer: it carries what the list's rows carry
  // (who's out today or soon), or an 'Out until' badge would vanish at the click
  const presence = await presenceFor(db, actor, [invitee.id]);
  return { ...invitee, invited: true, presence: presence.get(invitee.id) ?? null };
}

/** Someone whose drawer we build: the caller, or the user of /teamDetails/:userId. */
export type DrawerSubject = Pick<Actor, 'id' | 'isOwner' | 'teamIds' | 'leadTeamIds' | 'managedTeamIds'>;

/**
 * The my-team drawer: teams the subject leads or manages, every active team for an owner
 * (spec §6: owners choose any team); someone who leads nothing sees their own teams.
 */
export async function teamDetails(db: DbOrTx, subject: DrawerSubject, viewerId: number): Promise<TeamDetailsTeam[]> {
  let teamIds: number[];
  if (subject.isOwner) {
    const all = await db.select({ id: teams.id }).from(teams).where(eq(teams.status, 'active'));
    teamIds = all.map((t) => t.id);
  } else {
    teamIds = [...new Set([...subject.leadTeamIds, ...subject.managedTeamIds])];
    if (teamIds.length === 0) teamIds = [...subject.teamIds];
  }
  if (teamIds.length === 0) return [];
  const [teamRows, memberRows, members] = await Promise.all([
    db.select({ id: teams.id, name: teams.name }).from(teams).where(and(inArray(teams.id, teamIds), eq(teams.status, 'active'))).orderBy(asc(teams.name)),
    db.select({ teamId: teamMembers.teamId, userId: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, teamIds)),
    memberSummaries(db, and(ne(users.id, subject.id), inTeams(teamIds)), viewerId),
  ]);
  const byId = new Map(members.map((m) => [m.id, m]));
  return teamRows.map((team) => ({
    ...team,
    members: memberRows
      .filter((r) => r.teamId === team.id && byId.has(r.userId))
      .map((r) => byId.get(r.userId) as MemberSummary)
      .sort((a, b) => a.name.localeCompare(b.name)),
  }));
}
