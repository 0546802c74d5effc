import { sql, type SQL } from 'drizzle-orm';
import { UNSUPPORTED_ROWS, type Statistics, type StatisticsAlignment, type StatisticsQuery } from '../../shared/api/statistics';
import { rowsOf, type DbOrTx } from '../db/client';
import { objectives } from '../db/schema';
import type { StatisticsScope } from './statistics';

// issue 24 'Statistics gain alignment': of the objectives in the statistics (the same scope:
// visibility, period, team and job), how many support a team or company objective (a link always
// points up a level), per team; and the company objectives of the period that nothing supports.
// One statement. The supporting count is a semi-join written as `exists`, so PostgreSQL may hash
// the links once against the objectives in scope: on the aligned large company (10,000 staff,
// ~140,000 links) that took 200-280 ms for all teams where `id in (links)` probed the objectives
// once per link (500-900 ms); one team's objectives come by index as before. Company objectives
// are found by level (objectives_level_team_deadline_idx), what supports them by
// objective_links_parent_idx; the team totals come from the grouped pass.

interface Counted { teamId: number | null; n: number }
interface Unsupported { id: number; title: string; status: string; deadline: string; ownerId: number; ownerName: string | null; total: number }
export interface AlignmentRow { supporting: Counted[] | null; company: Counted[] | null; unsupported: Unsupported[] | null }

/** A link that counts: its supporting key result (if any) is not deleted. */
const LIVE_KEY_RESULT = sql.raw(`(lk.id is null or lk.status <> 'deleted')`);

/**
 * What supports a company objective, for the unsupported list: any objective not deleted, of the
 * team and job filtered on. Not only those the viewer sees: the details page already says that
 * something supports it ('a private objective'), so calling it unsupported would be untrue.
 */
function supporterFilter(q: StatisticsQuery): SQL {
  const parts: SQL[] = [sql`c.status <> 'deleted'`];
  if (q.team !== undefined) parts.push(sql`c.team_id = ${q.team}`);
  if (q.job !== undefined) parts.push(sql`exists (select 1 from users cu where cu.id = c.owner_id and cu.job_id = ${q.job})`);
  return sql.join(parts, sql` and `);
}

function alignmentStatement(scope: StatisticsScope, q: StatisticsQuery): SQL {
  const { where, from, to } = scope;
  return sql`select
    (select json_agg(json_build_object('teamId', team_id, 'n', n)) from (
      select ${objectives.teamId} as team_id, count(*)::int as n from ${objectives}
      where ${where} and exists (
        select 1 from objective_links l join objectives p on p.id = l.parent_objective_id
        where l.child_objective_id = ${objectives.id} and p.status <> 'deleted'
          and (l.child_key_result_id is null or exists (select 1 from key_results lk where lk.id = l.child_key_result_id and lk.status <> 'deleted')))
      group by 1) s) as supporting,
    (select json_agg(json_build_object('teamId', team_id, 'n', n)) from (
      select ${objectives.teamId} as team_id, count(*)::int as n from ${objectives}
      where ${objectives.level} = 'company' and ${where} group by 1) c) as company,
    (select json_agg(json_build_object('id', id, 'title', title, 'status', status, 'deadline', deadline, 'ownerId', owner_id,
        'ownerName', (select u.name from users u where u.id = owner_id), 'total', total) order by deadline, title, id) from (
      select p.id, p.title, p.status, p.deadline, p.owner_id, count(*) over ()::int as total from objectives p
      where p.level = 'company' and p.status not in ('deleted', 'archived')
        and p.created_at >= ${from}::date and p.created_at < ${to}::date + 1
        and not exists (select 1 from objective_links l join objectives c on c.id = l.child_objective_id
          left join key_results lk on lk.id = l.child_key_result_id
          where l.parent_objective_id = p.id and ${LIVE_KEY_RESULT} and ${supporterFilter(q)})
      order by p.deadline, p.title, p.id limit ${UNSUPPORTED_ROWS}) u) as unsupported`;
}

const share = (part: number, whole: number) => (whole ? Math.round((1000 * part) / whole) / 10 : 0);

/** The statement's one row; it runs beside the other figures' statements. */
export async function alignmentRow(db: DbOrTx, scope: StatisticsScope, q: StatisticsQuery): Promise<AlignmentRow | undefined> {
  return rowsOf<AlignmentRow>(await db.execute(alignmentStatement(scope, q)))[0];
}

/** The alignment figures; `byTeam` and `total` are the grouped pass's (teams in scope and all objectives). */
export function statisticsAlignment(row: AlignmentRow | undefined, byTeam: Statistics['byTeam'], total: number): StatisticsAlignment {
  const perTeam = (list: Counted[] | null) => new Map((list ?? []).map((c) => [c.teamId, c.n]));
  const supporting = perTeam(row?.supporting ?? null);
  const company = perTeam(row?.company ?? null);
  const sum = (m: Map<number | null, number>) => [...m.values()].reduce((n, v) => n + v, 0);
  const objectivesAll = total - sum(company);
  const supportingAll = sum(supporting);
  const unsupported = row?.unsupported ?? [];
  return {
    objectives: objectivesAll,
    supporting: supportingAll,
    percent: share(supportingAll, objectivesAll),
    byTeam: byTeam
      .map((t) => {
        const count = t.total - (company.get(t.team.id) ?? 0);
        const n = supporting.get(t.team.id) ?? 0;
        return { team: t.team, objectives: count, supporting: n, percent: share(n, count) };
      })
      .filter((t) => t.objectives > 0),
    unsupported: {
      items: unsupported.map((u) => ({ id: u.id, title: u.title, status: u.status, deadline: u.deadline, owner: { id: u.ownerId, name: u.ownerName ?? 'Unknown' } })),
      total: unsupported[0]?.total ?? 0,
    },
  };
}
