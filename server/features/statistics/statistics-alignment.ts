import { sql, type SQL } from 'drizzle-orm';
import { UNSUPPORTED_ROWS, type Statistics, type StatisticsAlignment, type StatisticsQuery } from '../../../shared/api/statistics';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { ObjectiveGroup, StatisticsScope } from './statistics-scope';

// The statistics' alignment figure: of the objectives in the statistics (the same scope:
// visibility, period, team and job), how many support a team or company objective (a link always
// points up a level), per team; and the company objectives of the period that nothing supports.
// The counts come from the grouped pass (statistics.ts: supports_parent, kept by the triggers of
// migration 0015, and the level, both in objectives_statistics_aligned_idx): the separate count
// took 250-280 ms for all teams of the large company (10,000 staff, ~143,000 links). The
// unsupported company objectives are one small statement: company objectives by level
// (objectives_level_team_deadline_idx), what supports them by objective_links_parent_idx.

interface Unsupported { id: number; title: string; status: string; deadline: string; ownerId: number; ownerName: string | null; total: number }

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

function unsupportedStatement(scope: StatisticsScope, q: StatisticsQuery): SQL {
  const { from, to } = scope;
  return sql`select json_agg(json_build_object('id', id, 'title', title, 'status', status, 'deadline', deadline, 'ownerId', owner_id,
        'ownerName', (select u.name from users u where u.id = owner_id), 'total', total) order by deadline, title, id) as unsupported from (
      select p.id, p.title, p.status, p.deadline, p.owner_id, count(*) over ()::int as total from objectives p
      where p.level = 'company' and p.status not in ('deleted', 'archived')
        and p.created_at >= ${from}::date and p.created_at < ${to}::date + 1
        and not exists (select 1 from objective_links l join objectives c on c.id = l.child_objective_id
          left join key_results lk on lk.id = l.child_key_result_id
          where l.parent_objective_id = p.id and ${LIVE_KEY_RESULT} and ${supporterFilter(q)})
      order by p.deadline, p.title, p.id limit ${UNSUPPORTED_ROWS}) u`;
}

const share = (part: number, whole: number) => (whole ? Math.round((1000 * part) / whole) / 10 : 0);

/** The company objectives of the period nothing supports (the first rows, each with how many); it runs beside the other statements. */
export async function unsupportedCompanyObjectives(db: DbOrTx, scope: StatisticsScope, q: StatisticsQuery): Promise<Unsupported[]> {
  return rowsOf<{ unsupported: Unsupported[] | null }>(await db.execute(unsupportedStatement(scope, q)))[0]?.unsupported ?? [];
}

type Counts = Pick<ObjectiveGroup, 'supporting' | 'company' | 'inTime' | 'overdue'>;
const sum = (rows: Counts[], pick: (r: Counts) => number) => rows.reduce((n, r) => n + pick(r), 0);

/**
 * The alignment figures from the grouped pass: `all` its rows of one kind (every objective in
 * scope once), `teamRows` its by-team rows, `byTeam` the teams in scope.
 */
export function statisticsAlignment(
  all: Counts[], teamRows: ObjectiveGroup[], byTeam: Statistics['byTeam'], unsupported: Unsupported[],
): StatisticsAlignment {
  const company = sum(all, (r) => r.company);
  const objectivesAll = sum(all, (r) => r.inTime + r.overdue) - company;
  const supportingAll = sum(all, (r) => r.supporting);
  return {
    objectives: objectivesAll,
    company,
    supporting: supportingAll,
    percent: share(supportingAll, objectivesAll),
    byTeam: byTeam
      .map((t) => {
        const rows = teamRows.filter((r) => r.teamId === t.team.id);
        const count = t.total - sum(rows, (r) => r.company);
        const n = sum(rows, (r) => r.supporting);
        return { team: t.team, objectives: count, supporting: n, percent: share(n, count) };
      })
      .filter((t) => t.objectives > 0),
    unsupported: {
      items: unsupported.map((u) => ({ id: u.id, title: u.title, status: u.status, deadline: u.deadline, owner: { id: u.ownerId, name: u.ownerName ?? 'Unknown' } })),
      total: unsupported[0]?.total ?? 0,
    },
  };
}
