import { sql, type SQL } from 'drizzle-orm';
import { CANDIDATES_MESSAGES, type AlignmentNode, type AlignmentObjectiveNode, type AlignmentSearch, type AlignmentTree } from '../../../shared/api/alignment';
import { PRIVATE_OBJECTIVE_LABEL, supportableLevels } from '../../../shared/rules/alignment';
import { keyResultProgress, type ProgressInput } from '../../../shared/rules/objective-progress';
import { canViewObjective } from '../../../shared/rules/objective-access';
import { levelOf, type ObjectiveLevel } from '../../../shared/rules/objective-levels';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type DbOrTx } from '../../db/client';
import { objectives } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';
import { endJson, endProgress, endRef, type EndRow } from './alignment-ends';
import { NOT_FOUND_OBJECTIVE } from '../objectives';
import { visibleWhere } from '../objectives';

// The alignment view (docs/api.md 'Alignment'): the tree one level at a time (the top, or what supports one
// objective), a search that answers the path from the top down to each match, and the 'Supports'
// picker's choices. Each is one statement per level on indexed columns (objectives' level index,
// objective_links' parent and child indexes), so a company of 250,000 objectives opens at once.

export interface TreeFilters {
  teamId?: number;
  from?: string;
  to?: string;
}

/** The filters on the objectives table (unaliased, as visibleWhere writes it): team and deadline period. */
function filterWhere(f: TreeFilters, teamAppliesToCompany = false): SQL[] {
  const where: SQL[] = [];
  if (f.teamId !== undefined) {
    where.push(teamAppliesToCompany ? sql`${objectives.teamId} = ${f.teamId}` : sql`(${objectives.level} = 'company' or ${objectives.teamId} = ${f.teamId})`);
  }
  if (f.from !== undefined) where.push(sql`${objectives.deadline} >= ${f.from}`);
  if (f.to !== undefined) where.push(sql`${objectives.deadline} <= ${f.to}`);
  return where;
}

const andAll = (parts: SQL[]) => sql.join(parts, sql` and `);

export function objectiveNode(end: EndRow, link: { id: number; weight: number } | null): AlignmentObjectiveNode {
  return {
    kind: 'objective',
    id: end.id,
    title: end.title,
    level: levelOf(end.level),
    status: end.status,
    progress: endProgress(end),
    rollupMode: end.rollupMode === 'children' ? 'children' : 'key_results',
    deadline: end.deadline,
    owner: { id: end.ownerId, name: end.ownerName ?? 'Unknown' },
    team: end.teamId !== null ? { id: end.teamId, name: end.teamName ?? '' } : null,
    childCount: end.childCount,
    link,
  };
}

const END = endJson('objectives', true);

/** A visible objective's node, or 404 like a missing one. */
async function visibleNode(db: DbOrTx, actor: Actor, id: number): Promise<AlignmentObjectiveNode> {
  const [row] = rowsOf<{ end: EndRow }>(await db.execute(sql`select ${END} as "end" from objectives where ${objectives.id} = ${id} and ${visibleWhere(actor)}`));
  if (!row) throw notFound(NOT_FOUND_OBJECTIVE);
  return objectiveNode(row.end, null);
}

interface ChildRow {
  linkId: number;
  weight: number;
  krId: number | null;
  kr: (ProgressInput & { id: number; title: string; ownerId: number; ownerName: string | null }) | null;
  end: EndRow;
  counted: number;
}

/**
 * GET /alignment/tree. The top: company objectives, then team objectives that support nothing
 * (a team's own goals still belong in the view), in deadline order. Under an objective: what
 * supports it, objectives by level then title, key results among them. With a filter set,
 * only what the caller may see is listed (a private objective's team or period is not theirs to
 * learn by filtering); without one, what they may not see is 'a private objective'.
 */
export async function alignmentTree(db: DbOrTx, actor: Actor, q: TreeFilters & { parentId?: number; page: number; limit: number }): Promise<AlignmentTree> {
  const offset = (q.page - 1) * q.limit;
  if (q.parentId === undefined) {
    const where = andAll([
      visibleWhere(actor),
      // a scalar lookup per team objective (the links' child index), not a hash of every link
      sql`(${objectives.level} = 'company' or (${objectives.level} = 'team' and (
        select count(*) from (select 1 from objective_links l join objectives pp on pp.id = l.parent_objective_id and pp.status <> 'deleted'
          where l.child_objective_id = ${objectives.id} limit 1) s) = 0))`,
      ...filterWhere(q),
    ]);
    const rows = rowsOf<{ end: EndRow; counted: number }>(await db.execute(sql`
      select ${END} as "end", count(*) over ()::int as "counted" from objectives where ${where}
      order by case ${objectives.level} when 'company' then 0 else 1 end, ${objectives.deadline}, ${objectives.id}
      limit ${q.limit} offset ${offset}`));
    return { parent: null, items: rows.map((r) => objectiveNode(r.end, null)), total: rows[0]?.counted ?? 0, page: q.page, limit: q.limit };
  }
  const parent = await visibleNode(db, actor, q.parentId);
  const filtered = q.teamId !== undefined || q.from !== undefined || q.to !== undefined;
  const where = andAll([
    sql`l.parent_objective_id = ${q.parentId}`,
    sql`${objectives.status} <> 'deleted'`,
    sql`(l.child_key_result_id is null or k.status <> 'deleted')`,
    ...(filtered ? [visibleWhere(actor), ...filterWhere(q, true)] : []),
  ]);
  const rows = rowsOf<ChildRow>(await db.execute(sql`
    select l.id as "linkId", l.weight, l.child_key_result_id as "krId",
      case when k.id is null then null else json_build_object('id', k.id, 'title', k.title, 'status', k.status, 'percentage', k.percentage,
        'ownerId', k.owner_id, 'ownerName', (select u.name from users u where u.id = k.owner_id),
        'latestPercent', (select c.percent from key_result_check_ins c where c.key_result_id = k.id order by c.created_at desc, c.id desc limit 1)) end as "kr",
      ${END} as "end", count(*) over ()::int as "counted"
    from objective_links l join objectives on ${objectives.id} = l.child_objective_id
    left join key_results k on k.id = l.child_key_result_id
    where ${where}
    order by case ${objectives.level} when 'company' then 0 when 'team' then 1 else 2 end, ${objectives.title}, l.child_key_result_id nulls first, l.id
    limit ${q.limit} offset ${offset}`));
  const items = rows.map((row): AlignmentNode => {
    const link = { id: row.linkId, weight: row.weight };
    if (!canViewObjective(actor, endRef(row.end))) return { kind: 'private', label: PRIVATE_OBJECTIVE_LABEL, link };
    if (row.krId !== null && row.kr) {
      return {
        kind: 'keyResult', id: row.kr.id, objectiveId: row.end.id, objectiveTitle: row.end.title, title: row.kr.title, status: row.kr.status,
        progress: keyResultProgress(row.kr), owner: { id: row.kr.ownerId, name: row.kr.ownerName ?? 'Unknown' }, link,
      };
    }
    return objectiveNode(row.end, link);
  });
  return { parent, items, total: rows[0]?.counted ?? 0, page: q.page, limit: q.limit };
}

/** ILIKE's wildcards in the searched text taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Objectives in the tree: the levels above, and personal ones that support something. As one set
 * of ids (the level index and the links), so a search never reads the 250,000 personal ones.
 */
const IN_TREE = sql`${objectives.id} in (select lo.id from objectives lo where lo.level in ('company', 'team')
  union select l.child_objective_id from objective_links l)`;

/**
 * GET /alignment/search: objectives in the tree the caller may see whose title matches, each
 * with its path from the top down to it, through parents the caller may see (a company one
 * first), so the view can unfold to it and centre on it.
 */
export async function alignmentSearch(db: DbOrTx, actor: Actor, q: TreeFilters & { q: string; limit: number }): Promise<AlignmentSearch> {
  const where = andAll([visibleWhere(actor), IN_TREE, sql`${objectives.title} ilike ${likePattern(q.q)}`, ...filterWhere(q)]);
  // The matches first (plain columns), then the shaped rows of those few: every match's progress
  // and counts would otherwise be built before the limit keeps twenty.
  const matched = rowsOf<{ id: number }>(await db.execute(sql`
    select ${objectives.id} as id from objectives where ${where}
    order by case ${objectives.level} when 'company' then 0 when 'team' then 1 else 2 end, ${objectives.title}, ${objectives.id} limit ${q.limit}`)).map((r) => r.id);
  const shaped = matched.length === 0 ? [] : rowsOf<{ end: EndRow }>(await db.execute(sql`
    select ${END} as "end" from objectives where ${objectives.id} in (${sql.join(matched.map((id) => sql`${id}`), sql`, `)})`)).map((r) => r.end);
  const byId = new Map(shaped.map((end) => [end.id, end]));
  const matches = matched.map((id) => byId.get(id)).filter((end): end is EndRow => end !== undefined);
  const paths = new Map<number, EndRow[]>(matches.map((m) => [m.id, [m]]));
  let frontier = matches.map((m) => m.id);
  // levels are three deep: a parent of a parent is company level, so three steps at most
  for (let step = 0; step < 3 && frontier.length > 0; step += 1) {
    const tops = [...new Set([...paths.values()].map((p) => p[0].id))].filter((id) => frontier.includes(id));
    if (tops.length === 0) break;
    const rows = rowsOf<{ childId: number; end: EndRow }>(await db.execute(sql`
      select l.child_objective_id as "childId", ${END} as "end"
      from objective_links l join objectives on ${objectives.id} = l.parent_objective_id
      where l.child_objective_id in (${sql.join(tops.map((id) => sql`${id}`), sql`, `)}) and ${objectives.status} <> 'deleted'
      order by case ${objectives.level} when 'company' then 0 else 1 end, ${objectives.id}`));
    const parentOf = new Map<number, EndRow>();
    for (const row of rows) {
      if (!parentOf.has(row.childId) && canViewObjective(actor, endRef(row.end))) parentOf.set(row.childId, row.end);
    }
    const next: number[] = [];
    for (const path of paths.values()) {
      const parent = parentOf.get(path[0].id);
      if (!parent || path.some((p) => p.id === parent.id)) continue;
      path.unshift(parent);
      next.push(parent.id);
    }
    frontier = next;
  }
  return {
    items: matches.map((m) => ({ objective: objectiveNode(m, null), path: (paths.get(m.id) ?? [m]).map((end) => objectiveNode(end, null)) })),
  };
}

/**
 * The level the candidates are for: a saved objective's, read from its row (404 when the caller
 * may not see it, like a missing one), or the level of one being created, which has no id yet.
 */
async function candidatesChildLevel(db: DbOrTx, actor: Actor, q: { objectiveId?: number; level?: ObjectiveLevel }): Promise<ObjectiveLevel> {
  if (q.objectiveId === undefined) {
    // the query schema requires one of the two; this only guards a direct call
    if (q.level === undefined) throw badRequest(CANDIDATES_MESSAGES.neither, 'level');
    // Any level is answered, even one the caller may not create (canCreateAtLevel): the answer
    // holds only objectives they may see anyway (visibleWhere), so it tells them nothing new.
    // What a level allows is refused where it acts: creating at it (POST /alignment/objectives)
    // and the link itself (linkRefusal, POST /objective/:id/links, once the objective is saved).
    return q.level;
  }
  const [child] = await db.select({ level: objectives.level }).from(objectives).where(sql`${objectives.id} = ${q.objectiveId} and ${visibleWhere(actor)}`).limit(1);
  if (!child) throw notFound(NOT_FOUND_OBJECTIVE);
  return levelOf(child.level);
}

/**
 * GET /alignment/candidates: what the 'Supports' picker offers, for a saved objective or for the
 * level of one being created: objectives of a level above that the caller may see and that are
 * not archived, company ones first, then by title.
 */
export async function alignmentCandidates(db: DbOrTx, actor: Actor, q: { objectiveId?: number; level?: ObjectiveLevel; q?: string; limit: number }) {
  const levels = supportableLevels(await candidatesChildLevel(db, actor, q));
  if (levels.length === 0) return { items: [] };
  const where = andAll([
    visibleWhere(actor),
    sql`${objectives.level} in (${sql.join(levels.map((l) => sql`${l}`), sql`, `)})`,
    sql`${objectives.status} not in ('archived', 'deleted')`,
    ...(q.q ? [sql`${objectives.title} ilike ${likePattern(q.q)}`] : []),
  ]);
  const rows = rowsOf<{ end: EndRow }>(await db.execute(sql`
    select ${endJson('objectives')} as "end" from objectives where ${where}
    order by case ${objectives.level} when 'company' then 0 else 1 end, ${objectives.title}, ${objectives.id} limit ${q.limit}`));
  return {
    items: rows.map(({ end }) => ({
      id: end.id, title: end.title, level: levelOf(end.level), owner: { id: end.ownerId, name: end.ownerName ?? 'Unknown' },
      team: end.teamId !== null ? { id: end.teamId, name: end.teamName ?? '' } : null, deadline: end.deadline,
    })),
  };
}
