import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Ref } from '../../../shared/api/common';
import type { DirectoryFilters, DirectoryMember, DirectoryQuery, TeamListItem } from '../../../shared/api/people';
import { hasCapability } from '../../../shared/rules/permissions';
import { ROLE_TEAM_LEAD } from '../../../shared/rules/roles';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { jobs, roles, teamMembers, teams, users } from '../../db/schema';
import { imagePathOf, leadsActiveTeam } from './member-summary';
import { leaveColumn, outTodayWhere, presenceContext, presenceFromLeave, type PresenceContext } from '../holidays';

// The team directory (spec §2 'Team directory'): filters run in the database and pages come from
// the hub, so 2,000 members never travel at once.

const ids = (values: readonly number[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The team-lead badge: leads an active team, or holds the role named 'Team lead' (spec §2). */
export const teamLeadBadge = sql<boolean>`(${leadsActiveTeam} or exists (
  select 1 from ${roles} r where r.id = ${users.roleId} and r.name = ${ROLE_TEAM_LEAD}))`;

/** A regular expression for `text` starting a word (".NET" and "C++" included), case-insensitive with ~*. */
function wordStart(text: string): string {
  return `(^|[^[:alnum:]_])${text.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
}

const jsonList = (path: SQL) => sql`jsonb_array_elements(case when jsonb_typeof(${path}) = 'array' then ${path} else '[]'::jsonb end)`;
const skillList = jsonList(sql`${users.extras}->'personalInfo'->'skills'`);
const projectList = jsonList(sql`${users.extras}->'projectsInfo'`);
const experienceList = jsonList(sql`${users.extras}->'relevantExperience'`);

/**
 * Whose relevant experience a search may look into: spec §6 shows that tab only to holders of
 * edit-relevant-experience and to the member's team lead, so nobody else learns it through a match.
 */
function experienceVisible(viewer: Actor | undefined): SQL {
  if (!viewer) return sql`false`;
  if (hasCapability(viewer, 'EDIT_RELEVANT_EXPERIENCE')) return sql`true`;
  if (viewer.role?.name !== ROLE_TEAM_LEAD || viewer.teamIds.length === 0) return sql`false`;
  return sql`(${users.id} <> ${viewer.id} and exists (select 1 from ${teamMembers} tm where tm.user_id = ${users.id} and tm.team_id in (${ids(viewer.teamIds)})))`;
}

/**
 * Skill search ("who knows X?"): how many of a person's entries match `pattern` — skills,
 * projects by their technical skills, and relevant experience (position, description, company)
 * where the viewer may see it.
 */
function entryMatches(pattern: string, viewer: Actor | undefined): SQL {
  return sql`((select count(*) from ${skillList} s where jsonb_typeof(s) = 'object' and coalesce(s->>'name', '') ~* ${pattern})
    + (select count(*) from ${projectList} p where jsonb_typeof(p) = 'object' and coalesce(p->>'technicalSkills', '') ~* ${pattern})
    + (case when ${experienceVisible(viewer)} then (select count(*) from ${experienceList} e where jsonb_typeof(e) = 'object'
        and concat_ws(' ', e->>'position', e->>'description', e->>'company') ~* ${pattern}) else 0 end))`;
}

/**
 * A cheap first test: whether the member's extras contain the text at all. Most people do not,
 * and they are then never expanded entry by entry (2,000 people: see bench/org-chart.ts). JSON
 * escapes quotes and backslashes, so a text holding either skips this test.
 */
function mayMention(text: string): SQL {
  if (/["\\]/.test(text)) return sql`true`;
  return sql`${users.extras}::text ilike ${namePattern(text)}`;
}

function namePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The number of matches ranking the directory: the name, the search in entries, each chosen skill. */
function matchCount(filters: DirectoryFilters, viewer: Actor | undefined): SQL | null {
  const parts: SQL[] = [];
  if (filters.search) {
    parts.push(sql`(case when lower(${users.name}) like ${namePattern(filters.search)} then 1 else 0 end)`);
    parts.push(entryMatches(wordStart(filters.search), viewer));
  }
  for (const skill of filters.skills ?? []) parts.push(entryMatches(wordStart(skill), viewer));
  return parts.length ? sql.join(parts, sql` + `) : null;
}

/** WHERE of the directory and of the users export (the export honours the filters). */
export function directoryWhere(filters: DirectoryFilters, viewer?: Actor): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(users.status, filters.status)];
  if (filters.search) {
    // spec §2: case-insensitive contains on the name; beyond the spec, or a skill, project or experience
    parts.push(sql`(lower(${users.name}) like ${namePattern(filters.search)}
      or (${mayMention(filters.search)} and ${entryMatches(wordStart(filters.search), viewer)} > 0))`);
  }
  const skills = filters.skills ?? [];
  if (skills.length > 0) {
    parts.push(sql`((${sql.join(skills.map(mayMention), sql` or `)})
      and (${sql.join(skills.map((skill) => entryMatches(wordStart(skill), viewer)), sql` + `)}) > 0)`);
  }
  if (filters.teams.length > 0) {
    parts.push(sql`exists (select 1 from ${teamMembers} tm where tm.user_id = ${users.id} and tm.team_id in (${ids(filters.teams)}))`);
  }
  if (filters.jobs.length > 0) parts.push(inArray(users.jobId, filters.jobs));
  if (filters.projects.length > 0) {
    const titles = sql.join(filters.projects.map((p) => sql`${p}`), sql`, `);
    parts.push(sql`exists (select 1 from jsonb_array_elements(coalesce(${users.extras}->'projectsInfo', '[]'::jsonb)) p
      where jsonb_typeof(p) = 'object' and p->>'title' in (${titles}))`);
  }
  if (filters.teamLeads) parts.push(teamLeadBadge);
  // who's out: 'Out today' / 'In today'
  if (filters.presence) parts.push(filters.presence === 'out' ? outTodayWhere() : sql`not ${outTodayWhere()}`);
  return and(...parts);
}

const DIRECTORY_FIELDS = {
  id: users.id, name: users.name, imageUrl: users.imageUrl, pictureFileId: users.pictureFileId, status: users.status,
  joinDate: users.joinDate, jobId: jobs.id, jobName: jobs.name, isTeamLead: teamLeadBadge,
  // each card's presence comes with its row
  leave: leaveColumn(users.id),
};

/** The directory as it opens (no search or filter, only a status): built once and prepared (server/db/prepared.ts). */
const plainPage = preparedPer((db: Db) => db.select(DIRECTORY_FIELDS).from(users).leftJoin(jobs, eq(jobs.id, users.jobId))
  .where(eq(users.status, sql.placeholder('status'))).orderBy(asc(users.name), asc(users.id))
  .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
  .prepare('hub_directory_page'));
const plainCount = preparedPer((db: Db) => db.select({ total: count() }).from(users).where(eq(users.status, sql.placeholder('status')))
  .prepare('hub_directory_count'));

/** No filter beyond the status is set: derived from the query itself, so a filter added later can never be skipped here. */
function isPlain({ page: _page, limit: _limit, status: _status, ...filters }: DirectoryQuery): boolean {
  return Object.values(filters).every((v) => v === undefined || v === false || v === '' || (Array.isArray(v) && v.length === 0));
}

async function directoryRows(db: Db, query: DirectoryQuery, presence: PresenceContext, viewer?: Actor) {
  const offset = (query.page - 1) * query.limit;
  if (isPlain(query)) {
    const params = { status: query.status, limit: query.limit, offset, ...presence.params };
    return Promise.all([plainPage(db).execute(params), plainCount(db).execute(params)]);
  }
  const where = directoryWhere(query, viewer);
  const matches = matchCount(query, viewer);
  return Promise.all([
    db.select(DIRECTORY_FIELDS).from(users).leftJoin(jobs, eq(jobs.id, users.jobId))
      .where(where)
      // with a search or skills, the people with the most matches come first
      .orderBy(...(matches ? [desc(matches)] : []), asc(users.name), asc(users.id))
      .limit(query.limit)
      .offset(offset)
      .execute(presence.params),
    db.select({ total: count() }).from(users).where(where),
  ]);
}

export async function listDirectory(db: Db, query: DirectoryQuery, viewer?: Actor): Promise<{ items: DirectoryMember[]; total: number }> {
  const presence = presenceContext(viewer);
  const [rows, [{ total }]] = await directoryRows(db, query, presence, viewer);
  return {
    total: Number(total),
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      imagePath: imagePathOf(r),
      job: r.jobId !== null && r.jobName !== null ? { id: r.jobId, name: r.jobName } : null,
      isTeamLead: Boolean(r.isTeamLead),
      joinDate: r.joinDate,
      status: r.status === 'deleted' ? 'deleted' : 'active',
      presence: presenceFromLeave(presence, r.id, r.leave),
    })),
  };
}

/** GET /user/team-leads: active members with the team-lead badge (direct-manager choices too). */
export async function teamLeadRefs(db: DbOrTx): Promise<Ref[]> {
  return db.select({ id: users.id, name: users.name }).from(users)
    .where(and(eq(users.status, 'active'), teamLeadBadge)).orderBy(asc(users.name), asc(users.id));
}

/** GET /user/job-titles: every job (the 'Roles' filter of spec §2 lists job titles). */
export async function jobRefs(db: DbOrTx): Promise<Ref[]> {
  return db.select({ id: jobs.id, name: jobs.name }).from(jobs).orderBy(asc(jobs.name));
}

/** GET /user/project-titles: distinct project titles from the members' extras. */
export async function projectTitles(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`select distinct p->>'title' as title
    from ${users} u, jsonb_array_elements(coalesce(u.extras->'projectsInfo', '[]'::jsonb)) p
    where u.status = 'active' and jsonb_typeof(p) = 'object' and coalesce(p->>'title', '') <> '' order by 1`);
  // PGlite and node-postgres both answer with { rows }.
  return (result as unknown as { rows: Array<{ title: string }> }).rows.map((r) => r.title);
}

/** GET /team: active teams, or every team with all=true (admin tables). */
export async function teamList(db: DbOrTx, all: boolean): Promise<TeamListItem[]> {
  const rows = await db.select().from(teams).where(all ? undefined : eq(teams.status, 'active')).orderBy(asc(teams.name));
  return rows.map((t) => ({ id: t.id, name: t.name, technology: t.technology, status: t.status === 'deleted' ? 'deleted' : 'active' }));
}
