import { sql, type SQL } from 'drizzle-orm';
import { LOGIN_ROWS, type Statistics, type StatisticsQuery } from '../../shared/api/statistics';
import { defaultStatisticsRange } from '../../shared/rules/statistics-range';
import type { Actor } from '../../shared/rules/session-user';
import type { DbOrTx } from '../db/client';
import { keyResults, loginEvents, objectives, teamMembers, teams, users } from '../db/schema';
import { atRiskByTeam } from './check-ins';
import { coveredTeamIds, visibleWhere } from './objectives-scope';

// objective-tracking §3 Statistics: every figure is a GROUP BY in the database over the
// objectives the caller may see (visibleWhere, the same rule as the objectives list), created in
// [from, to]. Overdue: a completed objective or key result last changed after its deadline day;
// any other one whose deadline day has passed. In time: the rest.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ids = (list: readonly number[]) => sql.join(list.map((i) => sql`${i}`), sql`, `);

const OVERDUE = sql`(case when ${objectives.status} = 'completed' then ${objectives.lastModificationDate}::date > ${objectives.deadline} else ${objectives.deadline} < current_date end)`;
const KR_OVERDUE = sql`(case when k.status = 'completed' then k.last_modification_date::date > k.deadline else k.deadline < current_date end)`;
const PERCENT = sql`round(100.0 * count(*) / nullif(sum(count(*)) over (), 0), 1)::float8`;

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

async function byColumn(db: DbOrTx, where: SQL, column: SQL) {
  const result = await db.execute(sql`
    select ${column} as key, count(*) filter (where not ${OVERDUE})::int as "inTime", count(*) filter (where ${OVERDUE})::int as overdue, ${PERCENT} as percent
    from ${objectives} where ${where} group by 1 order by 1`);
  return rowsOf<{ key: string; inTime: number; overdue: number; percent: number | null }>(result);
}

async function byTeam(db: DbOrTx, where: SQL): Promise<Statistics['byTeam']> {
  const result = await db.execute(sql`
    select t.id, t.name, ${objectives.status} as status,
      count(*) filter (where not ${OVERDUE})::int as "inTime", count(*) filter (where ${OVERDUE})::int as overdue
    from ${objectives} join ${teams} t on t.id = ${objectives.teamId}
    where ${where} group by t.id, t.name, ${objectives.status} order by t.name, t.id, ${objectives.status}`);
  const rows = rowsOf<{ id: number; name: string; status: string; inTime: number; overdue: number }>(result);
  const all = rows.reduce((n, r) => n + r.inTime + r.overdue, 0);
  const out = new Map<number, Statistics['byTeam'][number]>();
  for (const r of rows) {
    const entry = out.get(r.id) ?? { team: { id: r.id, name: r.name }, statusDistribution: [], total: 0, percent: 0, atRisk: 0, offTrack: 0 };
    entry.statusDistribution.push({ status: r.status, inTime: r.inTime, overdue: r.overdue, total: r.inTime + r.overdue });
    entry.total += r.inTime + r.overdue;
    out.set(r.id, entry);
  }
  const risk = await atRiskByTeam(db, where);
  return [...out.values()].map((e) => ({
    ...e, percent: all ? Math.round((1000 * e.total) / all) / 10 : 0, ...(risk.get(e.team.id) ?? { atRisk: 0, offTrack: 0 }),
  }));
}

async function byEmployee(db: DbOrTx, where: SQL): Promise<Statistics['byEmployee']> {
  const result = await db.execute(sql`
    select u.id, u.name,
      coalesce((select min(t.name) from ${teamMembers} tm join ${teams} t on t.id = tm.team_id where tm.user_id = u.id and t.status = 'active'), '') as team,
      count(*)::int as "objectivesNumber",
      count(*) filter (where ${objectives.status} = 'completed' and not ${OVERDUE})::int as "objectivesInTime",
      count(*) filter (where ${objectives.status} = 'completed' and ${OVERDUE})::int as "objectivesOverdue",
      coalesce(sum(kr.n), 0)::int as "keyResultsNumber",
      coalesce(sum(kr.in_time), 0)::int as "keyResultsInTime",
      coalesce(sum(kr.overdue), 0)::int as "keyResultsOverdue"
    from ${objectives} join ${users} u on u.id = ${objectives.ownerId}
    -- The key results of the objectives in scope, counted per objective in one grouped pass (a
    -- lateral count per objective took seconds on the large company, issue 10); for one team the
    -- scope is small and the planner reads them through key_results_objective_idx.
    left join (
      select k.objective_id, count(*) as n,
        count(*) filter (where k.status = 'completed' and not ${KR_OVERDUE}) as in_time,
        count(*) filter (where k.status = 'completed' and ${KR_OVERDUE}) as overdue
      from ${keyResults} k
      where k.status <> 'deleted' and k.objective_id in (select ${objectives.id} from ${objectives} where ${where})
      group by k.objective_id) kr on kr.objective_id = ${objectives.id}
    where ${where} group by u.id, u.name order by 3, u.name, u.id`);
  type Row = { id: number; name: string; team: string; objectivesNumber: number; objectivesInTime: number; objectivesOverdue: number; keyResultsNumber: number; keyResultsInTime: number; keyResultsOverdue: number };
  return rowsOf<Row>(result).map((r) => ({
    id: r.id,
    name: r.name,
    team: r.team,
    objectivesNumber: r.objectivesNumber,
    completedObjectives: { inTime: r.objectivesInTime, overdue: r.objectivesOverdue },
    keyResultsNumber: r.keyResultsNumber,
    completedKeyResults: { inTime: r.keyResultsInTime, overdue: r.keyResultsOverdue },
  }));
}

/** Sign-ins per day, newest first (§9: the first 20): everyone for owners, else the teams one covers and oneself. */
async function byLogin(db: DbOrTx, actor: Actor, q: StatisticsQuery, from: string, to: string): Promise<Statistics['byLogin']> {
  const who: SQL[] = [];
  if (!actor.isOwner) {
    const covered = coveredTeamIds(actor);
    who.push(covered.length
      ? sql`(e.user_id = ${actor.id} or exists (select 1 from ${teamMembers} tm where tm.user_id = e.user_id and tm.team_id in (${ids(covered)})))`
      : sql`e.user_id = ${actor.id}`);
  }
  if (q.team !== undefined) who.push(sql`exists (select 1 from ${teamMembers} tm where tm.user_id = e.user_id and tm.team_id = ${q.team})`);
  if (q.job !== undefined) who.push(sql`exists (select 1 from ${users} ju where ju.id = e.user_id and ju.job_id = ${q.job})`);
  const extra = who.length ? sql` and ${sql.join(who, sql` and `)}` : sql``;
  const result = await db.execute(sql`
    select to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as date, count(*)::int as logins, count(distinct e.user_id)::int as users
    from ${loginEvents} e
    where e.success and e.user_id is not null and e.created_at >= ${from}::date and e.created_at < ${to}::date + 1${extra}
    group by 1 order by 1 desc limit ${LOGIN_ROWS}`);
  return rowsOf<Statistics['byLogin'][number]>(result);
}

async function allTeams(db: DbOrTx, actor: Actor): Promise<Statistics['allTeams']> {
  const covered = actor.isOwner ? null : [...new Set([...coveredTeamIds(actor), ...actor.teamIds])];
  if (covered && covered.length === 0) return [];
  const limit = covered ? sql` and id in (${ids(covered)})` : sql``;
  const result = await db.execute(sql`select id, name from ${teams} where status = 'active'${limit} order by name, id`);
  return rowsOf<{ id: number; name: string }>(result);
}

export async function statistics(db: DbOrTx, actor: Actor, q: StatisticsQuery): Promise<Statistics> {
  const { where, from, to } = statisticsScope(actor, q);
  const [status, category, team, employee, login, teamsList] = await Promise.all([
    byColumn(db, where, sql`${objectives.status}`),
    byColumn(db, where, sql`${objectives.category}`),
    byTeam(db, where),
    byEmployee(db, where),
    byLogin(db, actor, q, from, to),
    allTeams(db, actor),
  ]);
  const total = (rows: Array<{ inTime: number; overdue: number }>) => rows.reduce((n, r) => n + r.inTime + r.overdue, 0);
  return {
    from,
    to,
    allTeams: teamsList,
    byLogin: login,
    byStatus: { items: status.map((r) => ({ status: r.key, inTime: r.inTime, overdue: r.overdue, percent: r.percent ?? 0 })), total: total(status) },
    byCategory: { items: category.map((r) => ({ category: r.key, inTime: r.inTime, overdue: r.overdue, percent: r.percent ?? 0 })), total: total(category) },
    byTeam: team,
    byEmployee: employee,
  };
}
