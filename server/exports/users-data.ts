import { asc, sql, type SQL } from 'drizzle-orm';
import { canEditExtraSection } from '../../shared/rules/permissions';
import type { Actor } from '../../shared/rules/session-user';
import type { DbOrTx } from '../db/client';
import { jobs, teamMembers, teams, users, type UserExtras } from '../db/schema';

// The rows of the users spreadsheet (spec §9), in one query however many members there are.

export interface ExportUser {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  job: string | null;
  teams: string;
  manager: string | null;
  joinDate: string | null;
  status: string;
  relevant: NonNullable<UserExtras['relevantExperience']>;
  projects: NonNullable<UserExtras['projectsInfo']>;
}

export async function exportUsers(db: DbOrTx, actor: Actor, where: SQL | undefined): Promise<ExportUser[]> {
  const rows = await db
    .select({
      id: users.id, name: users.name, email: users.email, phone: users.phone, joinDate: users.joinDate, status: users.status, extras: users.extras,
      job: sql<string | null>`(select ${jobs.name} from ${jobs} where ${jobs.id} = ${users.jobId})`,
      teamNames: sql<string | null>`(select string_agg(t.name, ', ' order by t.name) from ${teamMembers} tm join ${teams} t on t.id = tm.team_id where tm.user_id = ${users.id} and t.status = 'active')`,
      teamIds: sql<number[] | null>`(select array_agg(tm.team_id) from ${teamMembers} tm join ${teams} t on t.id = tm.team_id where tm.user_id = ${users.id} and t.status = 'active')`,
      // spec §2 'Direct Manager': the set manager, else a lead of one of the member's teams
      manager: sql<string | null>`coalesce(
        (select m.name from ${users} m where m.id = ${users.teamleadId}),
        (select l.name from ${teamMembers} tm join ${teamMembers} lm on lm.team_id = tm.team_id and lm.is_lead
           join ${users} l on l.id = lm.user_id and l.status = 'active'
         where tm.user_id = ${users.id} and l.id <> ${users.id} order by l.name limit 1))`,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => {
    const target = { id: r.id, teamIds: (r.teamIds ?? []).map(Number) };
    // authorised like the data it holds (design §3): the Relevant Experience rule of spec §6
    const relevant = canEditExtraSection(actor, target, 'relevantExperience') ? (r.extras.relevantExperience ?? []) : [];
    return {
      id: r.id, name: r.name, email: r.email, phone: r.phone, job: r.job, teams: r.teamNames ?? '', manager: r.manager,
      joinDate: r.joinDate, status: r.status, relevant, projects: r.extras.projectsInfo ?? [],
    };
  });
}
