import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { canEditExtraSection } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import { jobs, teamMembers, teams, users, type UserExtras } from '../../db/schema';

// The rows of the users spreadsheet (spec §9): one query per page of members, whatever their number.

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

// The subqueries name the member's columns with qualified(): bare, as Drizzle writes a one-table
// select list, "id" read as t.id or l.id and every member got the same teams and no manager.
const USER_ID = qualified(users.id);

const rowsQuery = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      id: users.id, name: users.name, email: users.email, phone: users.phone, joinDate: users.joinDate, status: users.status, extras: users.extras,
      job: sql<string | null>`(select j.name from ${jobs} j where j.id = ${qualified(users.jobId)})`,
      teamNames: sql<string | null>`(select string_agg(t.name, ', ' order by t.name) from ${teamMembers} tm join ${teams} t on t.id = tm.team_id where tm.user_id = ${USER_ID} and t.status = 'active')`,
      teamIds: sql<number[] | null>`(select array_agg(tm.team_id) from ${teamMembers} tm join ${teams} t on t.id = tm.team_id where tm.user_id = ${USER_ID} and t.status = 'active')`,
      // spec §2 'Direct Manager': the set manager, else a lead of one of the member's active teams
      // (directManager() of the profile)
      manager: sql<string | null>`coalesce(
        (select m.name from ${users} m where m.id = ${qualified(users.teamleadId)}),
        (select l.name from ${teamMembers} tm join ${teams} t on t.id = tm.team_id and t.status = 'active'
           join ${teamMembers} lm on lm.team_id = tm.team_id and lm.is_lead
           join ${users} l on l.id = lm.user_id and l.status = 'active'
         where tm.user_id = ${USER_ID} and l.id <> ${USER_ID} order by l.name, l.id limit 1))`,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .$dynamic();

type Row = Awaited<ReturnType<typeof rowsQuery>>[number];

function toExportUser(actor: Actor, r: Row): ExportUser {
  const target = { id: r.id, teamIds: (r.teamIds ?? []).map(Number) };
  // authorised like the data it holds (design §3): the Relevant Experience rule of spec §6
  const relevant = canEditExtraSection(actor, target, 'relevantExperience') ? (r.extras.relevantExperience ?? []) : [];
  return {
    id: r.id, name: r.name, email: r.email, phone: r.phone, job: r.job, teams: r.teamNames ?? '', manager: r.manager,
    joinDate: r.joinDate, status: r.status, relevant, projects: r.extras.projectsInfo ?? [],
  };
}

/** Rows per database round trip: big enough to be quick, small enough that memory stays flat. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * The spreadsheet's members page by page, in name order. The ordered ids are read once (a few
 * bytes a member) and each page is a primary-key lookup, so a page costs the same however deep
 * into the list it is. Each call starts a new pass; the workbook makes one and keeps the pages
 * for its later sheets (row-spool.ts), so every sheet lists the same members as they were read.
 */
export function exportUserPages(db: DbOrTx, actor: Actor, where: SQL | undefined, pageSize = EXPORT_PAGE_SIZE, orderedIds?: Promise<number[]>): () => AsyncGenerator<ExportUser[]> {
  let ordered = orderedIds;
  return async function* pages() {
    ordered ??= orderedUserIds(db, where);
    const ids = await ordered;
    for (let start = 0; start < ids.length; start += pageSize) {
      // ordered by name and id like the id list, so the page keeps its place in it
      const rows: Row[] = await rowsQuery(db, inArray(users.id, ids.slice(start, start + pageSize)));
      yield rows.map((r) => toExportUser(actor, r));
    }
  };
}

const orderedUserIds = (db: DbOrTx, where: SQL | undefined) =>
  db.select({ id: users.id }).from(users).where(where).orderBy(asc(users.name), asc(users.id)).then((rows) => rows.map((r) => r.id));

/**
 * The export's filter runs before the answer starts. Once the file's headers are out,
 * a failure can only cut the download; before, it is an error answer like any other.
 */
export async function openUserPages(db: DbOrTx, actor: Actor, where: SQL | undefined, pageSize = EXPORT_PAGE_SIZE): Promise<() => AsyncGenerator<ExportUser[]>> {
  const ids = await orderedUserIds(db, where);
  return exportUserPages(db, actor, where, pageSize, Promise.resolve(ids));
}

/** All the rows at once (small exports and bench/users-export.ts). */
export async function exportUsers(db: DbOrTx, actor: Actor, where: SQL | undefined): Promise<ExportUser[]> {
  return (await rowsQuery(db, where)).map((r) => toExportUser(actor, r));
}
