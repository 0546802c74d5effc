import { and, asc, eq, getTableColumns, gte, inArray, lt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { KeyResult, Objective, ObjectiveDetail, Person } from '../../../shared/api/objectives';
import type { Ref } from '../../../shared/api/common';
import type { Priority } from '../../../shared/rules/constants';
import { objectiveProgress, type ProgressInput } from '../../../shared/rules/objective-progress';
import { levelOf } from '../../../shared/rules/objective-levels';
import { canViewObjective, isObjectiveReadOnly } from '../../../shared/rules/objective-access';
import { objectivesTotalBound } from '../../../shared/rules/objective-totals';
import { availableActions } from '../../../shared/rules/objective-status';
import { OBJECTIVE_MESSAGES } from '../../../shared/rules/objective-messages';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type DbOrTx } from '../../db/client';
import { frozenSql } from '../../db/frozen-sql';
import { preparedStatement } from '../../db/prepared';
import { keyResults, objectives, teamMembers, teams, users } from '../../db/schema';
import { keyResultCheckIns } from './check-ins-schema';
import { notFound } from '../../http-errors';
import { childCountSql as childCountSqlFor, endJson, type EndRow } from '../alignment';
import { alignmentLinkRows, alignmentLinksFrom, compactSupports, type LinkRow } from '../alignment';
import { objectiveRef, visibleWhere } from './objectives-scope';

// Reading objectives (spec §2 list and details, §7 GET /objective): filtered and paged in SQL,
// then shaped with the caller's read-only flag and status menu.

export type ObjectiveRecord = typeof objectives.$inferSelect;

export const NOT_FOUND_OBJECTIVE = 'There is no such objective.';

export interface ListFilters {
  ownerId?: number;
  authorId?: number;
  status?: string;
  privacy?: 'public' | 'private';
  teamId?: number;
  jobId?: number;
  createdFrom?: string;
  createdTo?: string;
  level?: string;
  page: number;
  limit: number;
  sortCriterion: 'creationDate' | 'category' | 'deadline' | 'title';
}

const nextDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1));
};

/** The filters alone, without the page and its order (GET /objective/count). */
export type CountFilters = Omit<ListFilters, 'page' | 'limit' | 'sortCriterion'>;

function filterWhere(f: CountFilters): SQL[] {
  const where: SQL[] = [];
  if (f.ownerId !== undefined) where.push(eq(objectives.ownerId, f.ownerId));
  if (f.authorId !== undefined) where.push(eq(objectives.authorId, f.authorId));
  if (f.status !== undefined) where.push(eq(objectives.status, f.status));
  if (f.privacy !== undefined) where.push(eq(objectives.isPublic, f.privacy === 'public'));
  if (f.teamId !== undefined) where.push(eq(objectives.teamId, f.teamId));
  if (f.jobId !== undefined) where.push(sql`exists (select 1 from ${users} u where u.id = ${objectives.ownerId} and u.job_id = ${f.jobId})`);
  // Creation-date range by calendar day, both ends included.
  if (f.createdFrom !== undefined) where.push(gte(objectives.createdAt, new Date(`${f.createdFrom}T00:00:00Z`)));
  if (f.createdTo !== undefined) where.push(lt(objectives.createdAt, nextDay(f.createdTo)));
  if (f.level !== undefined) where.push(eq(objectives.level, f.level));
  return where;
}

type Direction = 'asc' | 'desc';
type SortColumn = [column: PgColumn, direction: Direction];

const SORTS: Record<ListFilters['sortCriterion'], SortColumn[]> = {
  deadline: [[objectives.deadline, 'asc'], [objectives.id, 'asc']],
  creationDate: [[objectives.createdAt, 'desc'], [objectives.id, 'desc']],
  category: [[objectives.category, 'asc'], [objectives.deadline, 'asc'], [objectives.id, 'asc']],
  title: [[objectives.title, 'asc'], [objectives.id, 'asc']],
};

/** A sort's `order by`, as the page subquery (on `objectives`) and the outer select (on `p`) spell it. */
interface Order { page: SQL; outer: SQL }
const orderText = (sort: SortColumn[], alias: string) => sql.raw(sort.map(([column, direction]) => `${alias}"${column.name}" ${direction}`).join(', '));
const ORDERS = Object.fromEntries(
  Object.entries(SORTS).map(([criterion, sort]) => [criterion, { page: orderText(sort, ''), outer: orderText(sort, 'p.') }]),
) as Record<ListFilters['sortCriterion'], Order>;

/**
 * GET /objective: the visible objectives matching the filters, one page, plus the total counted
 * up to the bound: one row past it says "more", without reading every match. The page,
 * its shaping and the bounded count are ONE statement (each round trip to PostgreSQL
 * cost the hub more than the small lookups themselves).
 */
export async function listObjectives(db: DbOrTx, actor: Actor, f: ListFilters): Promise<{ items: Objective[]; total: number; totalIsExact: boolean }> {
  const where = and(visibleWhere(actor), ...filterWhere(f));
  const bound = objectivesTotalBound(f.page, f.limit);
  const order = ORDERS[f.sortCriterion];
  const page = sql`select ${OBJECTIVE_COLUMNS} from "objectives" where ${where} order by ${order.page} limit ${f.limit} offset ${(f.page - 1) * f.limit}`;
  const counted = sql`(select count(*)::int from (select 1 from "objectives" where ${where} limit ${bound + 1}) m)`;
  const rows = await shapedObjectiveRows(db, page, order, counted);
  // An empty page (past the last one) carries no count: ask for it alone.
  const total = rows.length > 0
    ? Number(rows[0].counted)
    : f.page === 1 ? 0 : Number(rowsOf<{ counted: number }>(await db.execute(sql`select ${counted} as counted`))[0].counted);
  const totalIsExact = total <= bound;
  return { items: rows.map((row) => shapeObjective(actor, row, 'list')), total: totalIsExact ? total : bound, totalIsExact };
}

/**
 * GET /objective/count: every visible objective matching the filters, counted to the end. The
 * list's own count stops at its bound to keep each page fast; this is asked once per set of
 * filters, beside the page, when the list said "100+" (measured in bench/README.md).
 */
export async function countObjectives(db: DbOrTx, actor: Actor, f: CountFilters): Promise<number> {
  const where = and(visibleWhere(actor), ...filterWhere(f));
  const [row] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from "objectives" where ${where}`));
  return Number(row.total);
}

/** One visible objective (not deleted), or null: an invisible one answers like a missing one. */
export async function findVisibleObjective(db: DbOrTx, actor: Actor, id: number): Promise<ObjectiveRecord | null> {
  const [row] = await db.select().from(objectives).where(and(eq(objectives.id, id), visibleWhere(actor))).limit(1);
  return row ?? null;
}

/** A key result (not deleted) of an objective the actor may see, with that objective; an invisible one answers 404 like a missing one. */
export async function findKeyResult(db: DbOrTx, actor: Actor, id: number): Promise<{ kr: typeof keyResults.$inferSelect; objective: ObjectiveRecord }> {
  const [kr] = await db.select().from(keyResults).where(and(eq(keyResults.id, id), ne(keyResults.status, 'deleted'))).limit(1);
  const objective = kr ? await findVisibleObjective(db, actor, kr.objectiveId) : null;
  if (!kr || !objective) throw notFound(OBJECTIVE_MESSAGES.keyResultNotFound);
  return { kr, objective };
}

/** A key result row with its latest check-in's percent (null without one): its progress input (objective-progress.ts). */
export type KeyResultWithLatest = typeof keyResults.$inferSelect & { latestPercent: number | null };

// the outer row named in full: a bare column reference here would resolve to the check-in's own id
const LATEST_PERCENT = sql<number | null>`(select c.percent from ${keyResultCheckIns} c where c.key_result_id = "key_results"."id" order by c.created_at desc, c.id desc limit 1)`;

/** The key results (not deleted) of some objectives in `order`, each with its latest check-in's percent, shaped and grouped by objective id. */
export async function keyResultsByObjective<T>(
  db: DbOrTx, objectiveIds: readonly number[], order: SQL[], shape: (k: KeyResultWithLatest) => T,
): Promise<Map<number, T[]>> {
  const byObjective = new Map<number, T[]>();
  if (objectiveIds.length === 0) return byObjective;
  const rows = await db
    .select({ ...getTableColumns(keyResults), latestPercent: LATEST_PERCENT })
    .from(keyResults)
    .where(and(inArray(keyResults.objectiveId, [...objectiveIds]), ne(keyResults.status, 'deleted')))
    .orderBy(...order);
  for (const k of rows) {
    const list = byObjective.get(k.objectiveId) ?? [];
    list.push(shape(k));
    byObjective.set(k.objectiveId, list);
  }
  return byObjective;
}

/** Team memberships of some users: their first team (by name) and all team ids. */
export async function teamsOfUsers(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, Ref[]>> {
  const map = new Map<number, Ref[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(inArray(teamMembers.userId, [...new Set(userIds)]), ne(teams.status, 'deleted')))
    .orderBy(asc(teams.name));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

/** Team ids of one user, for the §6 rules. */
export async function teamIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  return ((await teamsOfUsers(db, [userId])).get(userId) ?? []).map((t) => t.id);
}

interface ShapedPerson { id: number; name: string; email: string | null; teams: Ref[] }

/** An objective row with what its wire shape needs, as shapedObjectiveRows reads it. */
interface ShapedRow {
  objective: ObjectiveRecord;
  owner: ShapedPerson | null;
  author: ShapedPerson | null;
  team: Ref | null;
  keyResults: ProgressInput[];
  /** the key results themselves, in deadline order, when asked for (the detail) */
  fullKeyResults: KeyResultRecord[];
  /** what it or its key results support (not deleted), for the compact form */
  supports: EndRow[] | null;
  supportedByCount: number;
  counted?: number;
}

/** A raw row (column names as keys, values as the driver or json gave them) → the table's record, decoded as Drizzle would. */
function decoder<T>(table: Parameters<typeof getTableColumns>[0]): (row: Record<string, unknown>) => T {
  const columns = Object.entries(getTableColumns(table));
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return record as T;
  };
}

const decodeObjective = decoder<ObjectiveRecord>(objectives);
const decodeKeyResult = decoder<KeyResultRecord>(keyResults);

type KeyResultRecord = typeof keyResults.$inferSelect;

const personJson = (id: SQL) => sql`(select json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'teams', coalesce((
    select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
    from ${teamMembers} m join ${teams} t on t.id = m.team_id where m.user_id = u.id and t.status <> 'deleted'), '[]'::json))
  from ${users} u where u.id = ${id})`;

/** What the objective's progress is computed from (shared rule): each key result and its latest check-in. */
const keyResultsJson = sql`(select json_agg(json_build_object('status', k.status, 'percentage', k.percentage, 'latestPercent', (
    select c.percent from ${keyResultCheckIns} c where c.key_result_id = k.id order by c.created_at desc, c.id desc limit 1)))
  from ${keyResults} k where k.objective_id = p.id and k.status <> 'deleted')`;

/**
 * The objectives' columns this code knows, named: the page below is read as `p.*` through named
 * (prepared) statements, and a prepared `select *` fails with 'cached plan must not change result
 * type' once a migration adds a column (in a rolling upgrade a hub of the previous release keeps serving
 * while the next release's migration expands the table).
 */
const OBJECTIVE_COLUMNS = sql.raw(Object.values(getTableColumns(objectives)).map((column) => `"${column.name}"`).join(', '));

/** the objectives it (or one of its key results, not deleted) supports, in id order. */
const SUPPORTS_JSON = sql`(select json_agg(${endJson('po')} order by po.id) from objectives po
    where po.status <> 'deleted' and po.id in (select l.parent_objective_id from objective_links l left join key_results lk on lk.id = l.child_key_result_id
      where l.child_objective_id = p.id and (lk.id is null or lk.status <> 'deleted')))`;
const SUPPORTED_BY_COUNT = childCountSqlFor('p');

/** The select list up to the count, rendered once: the list's (shapedObjectiveRows), and the detail's with the key results themselves (detailById). */
const shapedColumns = (fullKeyResults: boolean) => frozenSql(sql`
    select p.*, ${personJson(sql`p.owner_id`)} as "_owner", ${personJson(sql`p.author_id`)} as "_author",
      (select json_build_object('id', t.id, 'name', t.name) from ${teams} t where t.id = p.team_id) as "_team",
      ${keyResultsJson} as "_key_results",
      ${fullKeyResults ? sql`(select json_agg(row_to_json(k) order by k.deadline, k.id) from ${keyResults} k where k.objective_id = p.id and k.status <> 'deleted')` : sql`null`} as "_full_key_results",
      ${SUPPORTS_JSON} as "_supports", ${SUPPORTED_BY_COUNT} as "_supported_by_count",`);
const LIST_COLUMNS = shapedColumns(false);
const DETAIL_COLUMNS = shapedColumns(true);

/**
 * The objectives `page` selects (all their columns), each with its owner and author (and their
 * teams), its team and its key results' progress inputs, in `order`: one statement.
 * `count` is an uncorrelated column (the list's bounded count), evaluated once.
 */
async function shapedObjectiveRows(db: DbOrTx, page: SQLWrapper, order: Order, count: SQL): Promise<ShapedRow[]> {
  const result = await db.execute(sql`${LIST_COLUMNS}
      ${count} as "_counted"
    from (${page}) p order by ${order.outer}`);
  return shapedRowsOf(result);
}

function shapedRowsOf(result: unknown): ShapedRow[] {
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    objective: decodeObjective(row),
    owner: row._owner as ShapedPerson | null,
    author: row._author as ShapedPerson | null,
    team: row._team as Ref | null,
    keyResults: (row._key_results as ProgressInput[] | null) ?? [],
    fullKeyResults: ((row._full_key_results as Array<Record<string, unknown>> | null) ?? []).map(decodeKeyResult),
    supports: row._supports as EndRow[] | null,
    supportedByCount: Number(row._supported_by_count ?? 0),
    counted: row._counted as number | undefined,
  }));
}

/** The detail statement, prepared once around its one parameter, the id (built per call it was most of Drizzle's share of GET /objective/:id). */
const detailById = preparedStatement(sql`${DETAIL_COLUMNS} null as "_counted" from (select ${OBJECTIVE_COLUMNS} from ${objectives} where ${objectives.id} = ${sql.placeholder('id')} limit 1) p`);

/** The ids of the owner's teams (canViewObjective and isObjectiveReadOnly read them). */
const ownerTeamIdsOf = (row: ShapedRow) => (row.owner?.teams ?? []).map((t) => t.id);

/** A row → the wire object with author/owner objects, the read-only flag and the menu. */
function shapeObjective(actor: Actor, row: ShapedRow, page: 'list' | 'details'): Objective {
  const r = row.objective;
  const person = (id: number, p: ShapedPerson | null): Person => ({ id, name: p?.name ?? 'Unknown', email: p?.email ?? null, team: p?.teams[0] ?? null });
  const readOnly = isObjectiveReadOnly(actor, objectiveRef(r, ownerTeamIdsOf(row)));
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    nextStatus: r.nextStatus,
    category: r.category,
    subcategory: r.subcategory,
    priority: r.priority as Priority,
    deadline: r.deadline,
    createdAt: r.createdAt.toISOString(),
    lastModificationDate: r.lastModificationDate.toISOString(),
    isPublic: r.isPublic,
    team: row.team,
    author: person(r.authorId, row.author),
    owner: person(r.ownerId, row.owner),
    keyResultsTotal: row.keyResults.length,
    keyResultsCompleted: row.keyResults.filter((k) => k.status === 'completed').length,
    progress: objectiveProgress({ ...r, keyResults: row.keyResults }),
    readOnly,
    availableActions: readOnly ? [] : availableActions(actor, r, page),
    level: levelOf(r.level),
    rollupMode: r.rollupMode === 'children' ? 'children' : 'key_results',
    supports: compactSupports(actor, row.supports),
    supportedByCount: row.supportedByCount,
  };
}

export function shapeKeyResult(k: typeof keyResults.$inferSelect): KeyResult {
  return {
    id: k.id,
    objectiveId: k.objectiveId,
    title: k.title,
    description: k.description,
    priority: k.priority as Priority,
    deadline: k.deadline,
    status: k.status,
    nextStatus: k.nextStatus,
    ownerId: k.ownerId,
    authorId: k.authorId,
    percentage: k.percentage,
    createdAt: k.createdAt.toISOString(),
    lastModificationDate: k.lastModificationDate.toISOString(),
  };
}

/** The objective with its key results (deleted ones left out): one statement. */
async function shapedDetailRow(db: DbOrTx, id: number): Promise<ShapedRow | undefined> {
  const [shaped] = shapedRowsOf(await detailById(db, { id }));
  return shaped;
}

function detailOf(actor: Actor, shaped: ShapedRow, links: readonly LinkRow[]): ObjectiveDetail {
  const alignment = alignmentLinksFrom(links, actor, objectiveRef(shaped.objective, ownerTeamIdsOf(shaped)));
  return { ...shapeObjective(actor, shaped, 'details'), keyResults: shaped.fullKeyResults.map(shapeKeyResult), alignment };
}

/**
 * The objective and its links at once (two connections): the links need only the id, and
 * waiting for one answer before asking the other doubled the time a detail takes. In a
 * transaction the driver sends them one after the other on its connection.
 */
const detailAndLinks = (db: DbOrTx, id: number) => Promise.all([shapedDetailRow(db, id), alignmentLinkRows(db, id)]);


/**
 * GET /objective/:id: a visible objective (not deleted) with its key results, or null (an
 * invisible one answers like a missing one). Read by id and checked with canViewObjective, the
 * rule visibleWhere mirrors for lists: the statement is then the same for every reader, and
 * the owner's teams the rule needs come with the row (building the visibility filter
 * per reader was a fifth of this route's time).
 */
export async function visibleObjectiveDetail(db: DbOrTx, actor: Actor, id: number): Promise<ObjectiveDetail | null> {
  const [shaped, links] = await detailAndLinks(db, id);
  if (!shaped || shaped.objective.status === 'deleted') return null;
  return canViewObjective(actor, objectiveRef(shaped.objective, ownerTeamIdsOf(shaped))) ? detailOf(actor, shaped, links) : null;
}

/** The detail of an objective just read or written (in the caller's transaction). */
export async function objectiveDetail(db: DbOrTx, actor: Actor, row: ObjectiveRecord): Promise<ObjectiveDetail> {
  const [shaped, links] = await detailAndLinks(db, row.id);
  if (!shaped) throw notFound(NOT_FOUND_OBJECTIVE);
  return detailOf(actor, shaped, links);
}
