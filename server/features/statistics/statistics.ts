import { sql, type SQL } from 'drizzle-orm';
import { LOGIN_ROWS, type NoTeamCounts, type Statistics, type StatisticsQuery } from '../../../shared/api/statistics';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type DbOrTx } from '../../db/client';
import { loginEvents, objectives, teamMembers, teams, users } from '../../db/schema';
import { atRiskByTeam } from '../objectives';
import { statisticsAlignment, unsupportedCompanyObjectives } from './statistics-alignment';
import { statisticsScope, type ObjectiveGroup } from './statistics-scope';
import { coveredTeamIds } from '../objectives';

// objective-tracking §3 Statistics: every figure is a GROUP BY in the database over the
// objectives the caller may see (visibleWhere, the same rule as the objectives list), created in
// [from, to]. Overdue: a completed objective or key result last changed after its deadline day;
// any other one whose deadline day has passed. In time: the rest.

const ids = (list: readonly number[]) => sql.join(list.map((i) => sql`${i}`), sql`, `);

// The rule above, settled on each objective by the objectives_overdue_after trigger (migration
// 0007) so that one date compares per row and every figure reads objectives_statistics_idx alone.
const OVERDUE = sql`${objectives.overdueAfter} < current_date`;
const COMPLETED = sql`${objectives.status} = 'completed'`;

async function objectiveGroups(db: DbOrTx, where: SQL): Promise<ObjectiveGroup[]> {
  const result = await db.execute(sql`
    with s as (
      select team_id, status, category, total - overdue as in_time, overdue, supporting, company from (
        select ${objectives.teamId} as team_id, ${objectives.status} as status, ${objectives.category} as category,
          count(*)::int as total, (count(*) filter (where ${OVERDUE}))::int as overdue,
          (count(*) filter (where ${objectives.supportsParent}))::int as supporting,
          (count(*) filter (where ${objectives.level} = 'company'))::int as company
        from ${objectives} where ${where} group by 1, 2, 3
      ) c
    ), g as (
      select 'status' as kind, status as key, null::int as team_id, null::text as team_name, sum(in_time)::int as in_time, sum(overdue)::int as overdue,
        sum(supporting)::int as supporting, sum(company)::int as company from s group by status
      union all
      select 'category', category, null, null, sum(in_time)::int, sum(overdue)::int, sum(supporting)::int, sum(company)::int from s group by category
      union all
      select 'team', s.status, t.id, t.name, sum(s.in_time)::int, sum(s.overdue)::int, sum(s.supporting)::int, sum(s.company)::int
      from s join ${teams} t on t.id = s.team_id group by t.id, t.name, s.status
    )
    select kind, key, team_id as "teamId", team_name as "teamName", in_time as "inTime", overdue, supporting, company,
      round(100.0 * (in_time + overdue) / nullif(sum(in_time + overdue) over (partition by kind), 0), 1)::float8 as percent
    from g order by kind, team_name, team_id, key`);
  return rowsOf<ObjectiveGroup>(result);
}

function byTeam(groups: ObjectiveGroup[], risk: Map<number, { atRisk: number; offTrack: number }>): Statistics['byTeam'] {
  const rows = groups.filter((g) => g.kind === 'team');
  const all = rows.reduce((n, r) => n + r.inTime + r.overdue, 0);
  const out = new Map<number, Statistics['byTeam'][number]>();
  for (const r of rows) {
    const id = r.teamId as number;
    const entry = out.get(id) ?? { team: { id, name: r.teamName as string }, statusDistribution: [], total: 0, percent: 0, atRisk: 0, offTrack: 0 };
    entry.statusDistribution.push({ status: r.key, inTime: r.inTime, overdue: r.overdue, total: r.inTime + r.overdue });
    entry.total += r.inTime + r.overdue;
    out.set(id, entry);
  }
  return [...out.values()].map((e) => ({
    ...e, percent: all ? Math.round((1000 * e.total) / all) / 10 : 0, ...(risk.get(e.team.id) ?? { atRisk: 0, offTrack: 0 }),
  }));
}

/**
 * What byTeam leaves out: the by-team rows hold every objective with a team (team_id is set null
 * when a team is deleted, so a set one always names a team), the by-status rows every objective.
 */
function noTeam(all: ObjectiveGroup[], teamRows: ObjectiveGroup[]): NoTeamCounts {
  const sum = (rows: ObjectiveGroup[], pick: (r: ObjectiveGroup) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const without = sum(all, (r) => r.inTime + r.overdue) - sum(teamRows, (r) => r.inTime + r.overdue);
  const company = sum(all, (r) => r.company) - sum(teamRows, (r) => r.company);
  return { company, teamDeleted: without - company };
}

async function byEmployee(db: DbOrTx, where: SQL): Promise<Statistics['byEmployee']> {
  const result = await db.execute(sql`
    select u.id, u.name, coalesce(ut.team, '') as team, e.*
    from (
      -- the key results of each objective as counted on it by the key_results_counts trigger,
      -- instead of joining ~650,000 key results (or a table of counts, ~3 times slower) for all teams
      select ${objectives.ownerId} as owner_id,
        count(*)::int as "objectivesNumber",
        (count(*) filter (where ${COMPLETED} and not ${OVERDUE}))::int as "objectivesInTime",
        (count(*) filter (where ${COMPLETED} and ${OVERDUE}))::int as "objectivesOverdue",
        coalesce(sum(${objectives.keyResultsTotal}), 0)::int as "keyResultsNumber",
        coalesce(sum(${objectives.keyResultsInTime}), 0)::int as "keyResultsInTime",
        coalesce(sum(${objectives.keyResultsOverdue}), 0)::int as "keyResultsOverdue"
      from ${objectives}
      where ${where}
      group by ${objectives.ownerId}
    ) e
    join ${users} u on u.id = e.owner_id
    -- each person's first active team by name, for everyone in one grouped pass (a lookup per
    -- person was ~9,400 lookups for all teams)
    left join (
      select tm.user_id, min(t.name) as team from ${teamMembers} tm join ${teams} t on t.id = tm.team_id
      where t.status = 'active' group by tm.user_id
    ) ut on ut.user_id = u.id
    order by 3, u.name, u.id`);
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
  const scope = statisticsScope(actor, q);
  const { where, from, to } = scope;
  const [groups, risk, employee, login, teamsList, alignment] = await Promise.all([
    objectiveGroups(db, where),
    atRiskByTeam(db, where),
    byEmployee(db, where),
    byLogin(db, actor, q, from, to),
    allTeams(db, actor),
    unsupportedCompanyObjectives(db, scope, q),
  ]);
  const status = groups.filter((g) => g.kind === 'status');
  const category = groups.filter((g) => g.kind === 'category');
  const total = (rows: Array<{ inTime: number; overdue: number }>) => rows.reduce((n, r) => n + r.inTime + r.overdue, 0);
  const teamRows = groups.filter((g) => g.kind === 'team');
  const teamsFigures = byTeam(groups, risk);
  return {
    from,
    to,
    allTeams: teamsList,
    byLogin: login,
    byStatus: { items: status.map((r) => ({ status: r.key, inTime: r.inTime, overdue: r.overdue, percent: r.percent ?? 0 })), total: total(status) },
    byCategory: { items: category.map((r) => ({ category: r.key, inTime: r.inTime, overdue: r.overdue, percent: r.percent ?? 0 })), total: total(category) },
    byTeam: teamsFigures,
    noTeam: noTeam(status, teamRows),
    byEmployee: employee,
    alignment: statisticsAlignment(status, teamRows, teamsFigures, alignment),
  };
}
