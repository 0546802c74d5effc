import { sql, type SQL } from 'drizzle-orm';
import type { StatisticsQuery } from '../../../shared/api/statistics';
import { defaultStatisticsRange } from '../../../shared/rules/statistics-range';
import type { Actor } from '../../../shared/rules/session-user';
import { objectives, users } from '../../db/schema';
import { visibleWhere } from '../objectives';

// What the statistics' parts share: the objectives in scope (who may see them, the period, the
// filters) and the grouped pass's row, read by the tables and by the alignment figure alike.

export interface StatisticsScope {
  where: SQL;
  from: string;
  to: string;
}

export function statisticsScope(actor: Actor, q: StatisticsQuery, now = new Date()): StatisticsScope {
  const range = defaultStatisticsRange(now);
  const from = q.from ?? range.from;
  const to = q.to ?? range.to;
  const parts = [
    visibleWhere(actor),
    sql`${objectives.createdAt} >= ${from}::date and ${objectives.createdAt} < ${to}::date + 1`,
  ];
  if (q.team !== undefined) parts.push(sql`${objectives.teamId} = ${q.team}`);
  if (q.job !== undefined) parts.push(sql`exists (select 1 from ${users} ju where ju.id = ${objectives.ownerId} and ju.job_id = ${q.job})`);
  return { where: sql.join(parts.map((p) => sql`(${p})`), sql` and `), from, to };
}

// One pass over the objectives in scope, grouped by team, status and category (at most
// teams x statuses x categories rows), from which the by-status, by-category and by-team tables are
// summed; three scans of ~166,000 objectives for all teams of the large company became one.
// The alignment figure's counts come from the same pass (supports_parent, settled by
// triggers, migration 0015; company objectives by level), read from objectives_statistics_aligned_idx.
export interface ObjectiveGroup {
  kind: 'status' | 'category' | 'team'; key: string; teamId: number | null; teamName: string | null;
  inTime: number; overdue: number; percent: number | null; supporting: number; company: number;
}
