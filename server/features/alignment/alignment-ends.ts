import { sql, type SQL } from 'drizzle-orm';
import type { LinkedObjective } from '../../../shared/api/alignment';
import { objectiveProgress, type ProgressInput } from '../../../shared/rules/objective-progress';
import type { ObjectiveRef } from '../../../shared/rules/objective-access';
import { levelOf } from '../../../shared/rules/objective-levels';

// An objective at one end of a link (or a node of the alignment tree), read as one JSON
// value with what the visibility rule needs (canViewObjective) and what its progress is made of,
// so the links of an objective, a level of the tree and a search path are one statement each.

/** An objective's visibility inputs, summary and progress inputs, as `endJson` builds them. */
export interface EndRow {
  id: number;
  title: string;
  level: string;
  status: string;
  nextStatus: string | null;
  deadline: string;
  ownerId: number;
  ownerName: string | null;
  authorId: number;
  teamId: number | null;
  teamName: string | null;
  isPublic: boolean;
  rollupMode: string;
  rolledUpProgress: number | null;
  /** the owner's teams (not deleted), as the objective rows' owner objects carry them */
  ownerTeamIds: number[] | null;
  keyResults: ProgressInput[] | null;
  /** links that point at it (their child not deleted) */
  childCount: number;
}

/** The key results' progress inputs of the objective `o` (the objectives-read.ts rule, per end). */
const progressInputsText = (o: string) => `(select json_agg(json_build_object('status', k.status, 'percentage', k.percentage, 'latestPercent', (
    select c.percent from key_result_check_ins c where c.key_result_id = k.id order by c.created_at desc, c.id desc limit 1)))
  from key_results k where k.objective_id = ${o}.id and k.status <> 'deleted')`;

/** Links pointing at the objective `o` whose supporting objective (and key result) is not deleted. */
const childCountText = (o: string) => `(select count(*)::int from objective_links cl
    join objectives co on co.id = cl.child_objective_id and co.status <> 'deleted'
    left join key_results ck on ck.id = cl.child_key_result_id
    where cl.parent_objective_id = ${o}.id and (ck.id is null or ck.status <> 'deleted'))`;
export const childCountSql = (o: string) => sql.raw(childCountText(o));

/** The JSON of `o` (an alias of objectives in the surrounding statement) as EndRow. */
export function endJson(o: string, withChildCount = false): SQL {
  return sql.raw(`json_build_object('id', ${o}.id, 'title', ${o}.title, 'level', ${o}.level, 'status', ${o}.status, 'nextStatus', ${o}.next_status, 'deadline', ${o}.deadline,
    'ownerId', ${o}.owner_id, 'ownerName', (select u.name from users u where u.id = ${o}.owner_id), 'authorId', ${o}.author_id,
    'teamId', ${o}.team_id, 'teamName', (select t.name from teams t where t.id = ${o}.team_id), 'isPublic', ${o}.is_public,
    'rollupMode', ${o}.rollup_mode, 'rolledUpProgress', ${o}.rolled_up_progress,
    'ownerTeamIds', (select json_agg(m.team_id) from team_members m join teams mt on mt.id = m.team_id where m.user_id = ${o}.owner_id and mt.status <> 'deleted'),
    'keyResults', ${progressInputsText(o)},
    'childCount', ${withChildCount ? childCountText(o) : '0'})`);
}

export function endRef(end: EndRow): ObjectiveRef {
  return { ownerId: end.ownerId, authorId: end.authorId, teamId: end.teamId, isPublic: end.isPublic, ownerTeamIds: end.ownerTeamIds ?? [], level: end.level };
}

/** The progress the objective shows (shared/rules/objective-progress.ts). */
export function endProgress(end: EndRow): number {
  return objectiveProgress({ ...end, keyResults: end.keyResults ?? [] });
}

export function linkedObjective(end: EndRow): LinkedObjective {
  return { id: end.id, title: end.title, level: levelOf(end.level), status: end.status, progress: endProgress(end), owner: { id: end.ownerId, name: end.ownerName ?? 'Unknown' } };
}
