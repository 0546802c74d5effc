import { and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { KeyResult, Objective, ObjectiveDetail, Person } from '../../shared/api/objectives';
import type { Ref } from '../../shared/api/common';
import type { Priority } from '../../shared/rules/constants';
import { objectiveProgress } from '../../shared/rules/check-ins';
import { isObjectiveReadOnly } from '../../shared/rules/objective-access';
import { objectivesTotalBound } from '../../shared/rules/objective-totals';
import { availableActions } from '../../shared/rules/objective-status';
import { OBJECTIVE_MESSAGES } from '../../shared/rules/objective-messages';
import type { Actor } from '../../shared/rules/session-user';
import type { DbOrTx } from '../db/client';
import { keyResults, objectives, teamMembers, teams, users } from '../db/schema';
import { keyResultCheckIns } from '../db/schema-check-ins';
import { notFound } from '../http-errors';
import { objectiveRef, visibleWhere } from './objectives-scope';

// Reading objectives (spec §2 list and details, §7 GET /objective): filtered and paged in SQL,
// then shaped with the caller's read-only flag and status menu.

export type ObjectiveRecord = typeof objectives.$inferSelect;

export interface ListFilters {
  ownerId?: number;
  authorId?: number;
  status?: string;
  privacy?: 'public' | 'private';
  teamId?: number;
  jobId?: number;
  createdFrom?: string;
  createdTo?: string;
  page: number;
  limit: number;
  sortCriterion: 'creationDate' | 'category' | 'deadline' | 'title';
}

const nextDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1));
};

function filterWhere(f: ListFilters): SQL[] {
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
  return where;
}

const ORDER: Record<ListFilters['sortCriterion'], SQL[]> = {
  deadline: [asc(objectives.deadline), asc(objectives.id)],
  creationDate: [desc(objectives.createdAt), desc(objectives.id)],
  category: [asc(objectives.category), asc(objectives.deadline), asc(objectives.id)],
  title: [asc(objectives.title), asc(objectives.id)],
};

// Spelled out: inside a single-table select Drizzle renders ${objectives.id} unqualified, which
// the subquery would read as k.id.
const OBJECTIVE_ID = sql.raw('"objectives"."id"');
const krTotal = sql<number>`(select count(*)::int from ${keyResults} k where k.objective_id = ${OBJECTIVE_ID} and k.status <> 'deleted')`;
const krCompleted = sql<number>`(select count(*)::int from ${keyResults} k where k.objective_id = ${OBJECTIVE_ID} and k.status = 'completed')`;

/**
 * GET /objective: the visible objectives matching the filters, one page, plus the total counted
 * up to the bound (issue 10): one row past it says "more", without reading every match.
 */
export async function listObjectives(db: DbOrTx, actor: Actor, f: ListFilters): Promise<{ items: Objective[]; total: number; totalIsExact: boolean }> {
  const where = and(visibleWhere(actor), ...filterWhere(f));
  const bound = objectivesTotalBound(f.page, f.limit);
  const matches = db.select({ one: sql<number>`1`.as('one') }).from(objectives).where(where).limit(bound + 1).as('matches');
  const [rows, [{ counted }]] = await Promise.all([
    db
      .select({ objective: objectives, krTotal, krCompleted })
      .from(objectives)
      .where(where)
      .orderBy(...ORDER[f.sortCriterion])
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ counted: sql<number>`count(*)::int` }).from(matches),
  ]);
  const items = await shapeObjectives(db, actor, rows.map((r) => ({ ...r.objective, krTotal: r.krTotal, krCompleted: r.krCompleted })));
  const totalIsExact = Number(counted) <= bound;
  return { items, total: totalIsExact ? Number(counted) : bound, totalIsExact };
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

/** The key results (not deleted) of some objectives in `order`, shaped and grouped by objective id. */
export async function keyResultsByObjective<T>(
  db: DbOrTx, objectiveIds: readonly number[], order: SQL[], shape: (k: typeof keyResults.$inferSelect) => T,
): Promise<Map<number, T[]>> {
  const byObjective = new Map<number, T[]>();
  if (objectiveIds.length === 0) return byObjective;
  const rows = await db.select().from(keyResults).where(and(inArray(keyResults.objectiveId, [...objectiveIds]), ne(keyResults.status, 'deleted'))).orderBy(...order);
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

type Counted = ObjectiveRecord & { krTotal: number; krCompleted: number };

/** issue 11 §1: each objective's progress from its key results' latest check-ins (one query per page). */
async function progressOf(db: DbOrTx, objectiveIds: readonly number[]): Promise<Map<number, number>> {
  if (objectiveIds.length === 0) return new Map();
  const latest = sql<number | null>`(select c.percent from ${keyResultCheckIns} c where c.key_result_id = ${sql.raw('"key_results"."id"')} order by c.created_at desc, c.id desc limit 1)`;
  const rows = await db
    .select({ objectiveId: keyResults.objectiveId, status: keyResults.status, percentage: keyResults.percentage, latestPercent: latest })
    .from(keyResults)
    .where(and(inArray(keyResults.objectiveId, [...objectiveIds]), ne(keyResults.status, 'deleted')));
  return new Map(objectiveIds.map((id) => [id, objectiveProgress(rows.filter((r) => r.objectiveId === id))]));
}

/** Rows → wire objects with author/owner objects, the read-only flag and the menu. */
export async function shapeObjectives(db: DbOrTx, actor: Actor, rows: Counted[], page: 'list' | 'details' = 'list'): Promise<Objective[]> {
  const userIds = [...new Set(rows.flatMap((r) => [r.ownerId, r.authorId]))];
  const teamIds = [...new Set(rows.map((r) => r.teamId).filter((id): id is number => id !== null))];
  const [people, teamMap, teamRows, progress] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, userIds)) : [],
    teamsOfUsers(db, userIds),
    teamIds.length ? db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds)) : [],
    progressOf(db, rows.map((r) => r.id)),
  ]);
  const person = (id: number): Person => {
    const p = people.find((u) => u.id === id);
    return { id, name: p?.name ?? 'Unknown', email: p?.email ?? null, team: teamMap.get(id)?.[0] ?? null };
  };
  return rows.map((r) => {
    const ownerTeamIds = (teamMap.get(r.ownerId) ?? []).map((t) => t.id);
    const readOnly = isObjectiveReadOnly(actor, objectiveRef(r, ownerTeamIds));
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
      team: teamRows.find((t) => t.id === r.teamId) ?? null,
      author: person(r.authorId),
      owner: person(r.ownerId),
      keyResultsTotal: r.krTotal,
      keyResultsCompleted: r.krCompleted,
      progress: progress.get(r.id) ?? 0,
      readOnly,
      availableActions: readOnly ? [] : availableActions(actor, r, page),
    };
  });
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

/** GET /objective/:id: the objective with its key results (deleted ones left out). */
export async function objectiveDetail(db: DbOrTx, actor: Actor, row: ObjectiveRecord): Promise<ObjectiveDetail> {
  const krs = await db
    .select()
    .from(keyResults)
    .where(and(eq(keyResults.objectiveId, row.id), ne(keyResults.status, 'deleted')))
    .orderBy(asc(keyResults.deadline), asc(keyResults.id));
  const counted = { ...row, krTotal: krs.length, krCompleted: krs.filter((k) => k.status === 'completed').length };
  const [shaped] = await shapeObjectives(db, actor, [counted], 'details');
  return { ...shaped, keyResults: krs.map(shapeKeyResult) };
}
