import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { MemberSummary } from '../../../shared/api/users';
import type { DbOrTx } from '../../db/client';
import { invitations, jobs, teamMembers, teams, users } from '../../db/schema';

// One shape for a member in team views (my-team drawer, team-mates step), built in one query.

/** spec §9: a path not starting with https is prefixed by the client with the API base address. */
export function imagePathOf(user: { id: number; imageUrl: string | null; pictureFileId: string | null }): string | null {
  if (user.imageUrl) return user.imageUrl;
  return user.pictureFileId ? `/user/${user.id}/image` : null;
}

/** isTeamLead of spec §3: the user leads at least one active team. */
export const leadsActiveTeam = sql<boolean>`exists (
  select 1 from ${teamMembers} tm join ${teams} t on t.id = tm.team_id
  where tm.user_id = ${users.id} and tm.is_lead and t.status = 'active')`;

/** Active members matching `where`, ordered by name; `invited` is relative to `viewerId`. */
export async function memberSummaries(db: DbOrTx, where: SQL | undefined, viewerId: number): Promise<MemberSummary[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      imageUrl: users.imageUrl,
      pictureFileId: users.pictureFileId,
      registered: users.registered,
      jobId: jobs.id,
      jobName: jobs.name,
      isTeamLead: leadsActiveTeam,
      invited: sql<boolean>`exists (select 1 from ${invitations} i where i.inviter_id = ${viewerId} and i.invitee_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(jobs, eq(jobs.id, users.jobId))
    .where(and(eq(users.status, 'active'), where))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    imagePath: imagePathOf(r),
    job: r.jobId !== null && r.jobName !== null ? { id: r.jobId, name: r.jobName } : null,
    isTeamLead: Boolean(r.isTeamLead),
    registered: r.registered,
    invited: Boolean(r.invited),
  }));
}
