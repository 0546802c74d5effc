import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PlanObjective, Plans, PlanSummary } from '../../../shared/api/plans';
import { keyResultProgress, objectiveProgress } from '../../../shared/rules/objective-progress';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type DbOrTx } from '../../db/client';
import { keyResults, objectives, teamMembers, teams, users } from '../../db/schema';
import { parentsOf } from '../alignment';
import { keyResultsByObjective } from '../objectives';
import { ofTeamsOrTheirMembers, visibleWhere } from '../objectives';

// objective-tracking §3 Plans: {items, plans}. Items are the objectives (with key results) the
// caller may see (visibleWhere, the objectives list's rule) for themselves or for one team;
// plans are per-member counts done by the database (GROUP BY).


/** Overdue: still open (in progress or waiting) with its deadline day passed. */
const OPEN_OVERDUE = sql`${objectives.status} in ('in progress', 'waiting for approval') and ${objectives.deadline} < current_date`;
const FIRST_TEAM = sql`coalesce((select min(t.name) from ${teamMembers} tm join ${teams} t on t.id = tm.team_id where tm.user_id = u.id and t.status = 'active'), '')`;

/** The plan's objectives in deadline order (the streamed export reads them a page of ids at a time). */
export async function planItems(db: DbOrTx, actor: Actor, where: SQL): Promise<PlanObjective[]> {
  const rows = await db
    .select({ o: objectives, ownerName: users.name, teamName: teams.name })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .leftJoin(teams, eq(teams.id, objectives.teamId))
    .where(where)
    .orderBy(asc(objectives.deadline), asc(objectives.id));
  const ids = rows.map((r) => r.o.id);
  const [byObjective, parents] = await Promise.all([
    keyResultsByObjective(db, ids, [asc(keyResults.deadline), asc(keyResults.id)], (k) => ({
      id: k.id, title: k.title, status: k.status, priority: k.priority, deadline: k.deadline, percentage: k.percentage,
      progress: keyResultProgress(k), latestPercent: k.latestPercent,
    })),
    // the alignment parents, each as the caller may see it
    parentsOf(db, actor, ids),
  ]);
  return rows.map(({ o, ownerName, teamName }) => {
    const krs = byObjective.get(o.id) ?? [];
    return {
      id: o.id,
      title: o.title,
      status: o.status,
      category: o.category,
      priority: o.priority,
      deadline: o.deadline,
      owner: { id: o.ownerId, name: ownerName },
      team: o.teamId !== null && teamName !== null ? { id: o.teamId, name: teamName } : null,
      // the cards' figure (objective-progress.ts)
      progress: objectiveProgress({ ...o, keyResults: krs }),
      keyResults: krs.map(({ latestPercent: _latest, ...k }) => k),
      supports: parents.get(o.id) ?? [],
    };
  });
}

/** One summary per person in `people` (members without objectives count zero), in name order. */
export async function summaries(db: DbOrTx, people: SQL, where: SQL): Promise<PlanSummary[]> {
  const result = await db.execute(sql`
    select u.id as "userId", u.name, u.email, ${FIRST_TEAM} as team,
      count(${objectives.id}) filter (where ${objectives.status} = 'completed')::int as "completedObjectives",
      count(${objectives.id}) filter (where ${OPEN_OVERDUE})::int as "overdueObjectives",
      count(${objectives.id})::int as "totalObjectives"
    from ${users} u left join ${objectives} on ${objectives.ownerId} = u.id and ${where}
    where u.status = 'active' and ${people}
    group by u.id, u.name, u.email order by u.name, u.id`);
  return rowsOf<PlanSummary>(result);
}

/** Which objectives a plan holds (`items`) and whose summaries it shows (`people`, over users as u). */
export interface PlanScope {
  /** whose plan it is: the parents' titles are shown as this person may see them */
  actor: Actor;
  items: SQL;
  people: SQL;
}

export const myPlanScope = (actor: Actor): PlanScope => ({
  actor,
  items: sql`${visibleWhere(actor)} and ${objectives.ownerId} = ${actor.id}`,
  people: sql`u.id = ${actor.id}`,
});

export const teamPlanScope = (actor: Actor, teamId: number): PlanScope => ({
  actor,
  items: sql`${visibleWhere(actor)} and ${ofTeamsOrTheirMembers([teamId])}`,
  people: sql`exists (select 1 from ${teamMembers} m where m.user_id = u.id and m.team_id = ${teamId})`,
});

async function plansOf(db: DbOrTx, scope: PlanScope): Promise<Plans> {
  const [items, plans] = await Promise.all([planItems(db, scope.actor, scope.items), summaries(db, scope.people, scope.items)]);
  return { items, plans };
}

/** GET /user/plans: my objectives and my summary. */
export const myPlans = (db: DbOrTx, actor: Actor): Promise<Plans> => plansOf(db, myPlanScope(actor));

/** POST /user/plans {team}: the team's objectives and one summary per active member. */
export const teamPlans = (db: DbOrTx, actor: Actor, teamId: number): Promise<Plans> => plansOf(db, teamPlanScope(actor, teamId));

export async function activeTeamName(db: DbOrTx, teamId: number): Promise<string | null> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(and(eq(teams.id, teamId), eq(teams.status, 'active'))).limit(1);
  return row?.name ?? null;
}
