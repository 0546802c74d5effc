import { sql } from 'drizzle-orm';
import { NOT_ROLLED_UP_STATUSES } from '../../../../shared/rules/objective-progress';
import { DEFAULT_PERCENTAGE } from '../../../../shared/rules/objective-status';
import type { Tx } from '../../client';
import { isoDate, addDays } from '../dates';
import { queryRows } from './bulk';
import type { LargeSize } from './size';

// Alignment at scale: the large company aligned in a few set-based statements. Generated
// objectives become the levels above (so the company keeps exactly its size): company goals of
// the owner, three team objectives per generated team by its lead (the demo's teams have theirs
// from the demo seed); about 60 % of the personal objectives support one of their team's, some
// key results too, and each team objective supports one or two company goals. Everything is
// chosen by id arithmetic, so it is the same on every run and draws from no random stream.
// Roll-ups: the same rule as the hub's (shared/rules/objective-progress.ts rolledUpProgress over
// objectiveProgress/keyResultProgress), in SQL; tests/api/seed-large.test.ts holds it to the
// hub's recomputeRollups.

const COMPANY_THEMES = [
  'Grow recurring revenue', 'Win two enterprise clients', 'Ship the platform release', 'Cut time to production in half',
  'Be a place people recommend', 'Open the second delivery centre', 'Certify for ISO 27001', 'Halve the incidents that reach clients',
  'Raise client satisfaction above 9', 'Grow the data and AI practice',
];
const HALVES = ['first half', 'second half'];

/** Company goals: about one for every ten teams, at least four. */
export const companyGoalCount = (size: LargeSize) => Math.max(4, Math.round(size.teams / 10));
export const TEAM_OBJECTIVES_PER_TEAM = 3;

const notRolledUp = sql.raw(NOT_ROLLED_UP_STATUSES.map((s) => `'${s}'`).join(', '));

export async function insertAlignmentAtScale(tx: Tx, size: LargeSize, now: Date, firstGeneratedId: number): Promise<number> {
  const soon = isoDate(addDays(now, 30));
  // the bulk load left the planner no statistics: without them it runs the anti-joins below row by row
  for (const table of ['objectives', 'key_results', 'team_members', 'objective_links']) await tx.execute(sql.raw(`analyze ${table}`));
  // Team objectives: three of each generated team's lead's objectives in progress (latest deadlines
  // first); the first of each rolls up from what supports it.
  await tx.execute(sql`
    with picked as (
      select o.id, row_number() over (partition by o.team_id order by o.deadline desc, o.id) as rank
      from objectives o join team_members m on m.user_id = o.owner_id and m.team_id = o.team_id and m.is_lead
      where o.id >= ${firstGeneratedId} and o.level = 'personal' and o.status = 'in progress' and o.deadline > ${soon}
        and o.team_id not in (select t.team_id from objectives t where t.level = 'team' and t.team_id is not null)
    )
    update objectives o set level = 'team', author_id = o.owner_id, is_public = false,
      rollup_mode = case when p.rank = 1 then 'children' else 'key_results' end
    from picked p where p.id = o.id and p.rank <= ${TEAM_OBJECTIVES_PER_TEAM}`);
  // Company goals: the owner's, from other objectives in progress spread over the ids; all roll up.
  const goals = companyGoalCount(size);
  const titles = Array.from({ length: goals }, (_, i) => `${COMPANY_THEMES[i % COMPANY_THEMES.length]} (${HALVES[Math.floor(i / COMPANY_THEMES.length) % 2]})`);
  await tx.execute(sql`
    with picked as (
      select o.id, row_number() over (order by (o.id::bigint * 2654435761) % 4294967291, o.id) as rank
      from objectives o
      where o.id >= ${firstGeneratedId} and o.level = 'personal' and o.status = 'in progress' and o.deadline > ${soon}
        and o.owner_id not in (select m.user_id from team_members m where m.is_lead)
    ), named as (
      select p.id, t.title from picked p join unnest(${sql.raw(`array[${titles.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}]`)}::text[])
        with ordinality as t(title, n) on t.n = p.rank
    )
    update objectives o set level = 'company', title = n.title, owner_id = (select id from users where is_owner order by id limit 1),
      team_id = null, is_public = true, rollup_mode = 'children'
    from named n where n.id = o.id`);
  await tx.execute(sql`update objectives set author_id = owner_id where level = 'company' and author_id <> owner_id`);
  await tx.execute(sql`
    update key_results k set owner_id = o.owner_id, author_id = o.owner_id
    from objectives o where o.id = k.objective_id and o.level in ('company', 'team') and o.id >= ${firstGeneratedId}`);

  // the levels just changed: the planner must know there are now hundreds of team objectives, not a dozen
  await tx.execute(sql`analyze objectives`);

  // Personal objectives (not deleted, not yet supporting anything) of a team with team objectives:
  // six in ten support one of them; of the others, one in four lends a key result instead.
  const [before] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from objective_links`);
  const analyzeLinks = () => tx.execute(sql`analyze objective_links`);
  await tx.execute(sql`
    with team_goals as (
      select id, team_id, created_at, row_number() over (partition by team_id order by id) - 1 as k,
        count(*) over (partition by team_id) as n
      from objectives where level = 'team' and status not in ('archived', 'deleted')
    )
    insert into objective_links (parent_objective_id, child_objective_id, weight, created_at)
    select g.id, o.id, case when o.id % 5 = 0 then 2 + o.id % 4 else 1 end, greatest(o.created_at, g.created_at) + interval '2 days'
    from objectives o join team_goals g on g.team_id = o.team_id and g.k = (o.id / 10) % g.n
    where o.level = 'personal' and o.status <> 'deleted' and o.id % 10 < 6
      and not exists (select 1 from objective_links l where l.child_objective_id = o.id)`);
  await analyzeLinks();
  await tx.execute(sql`
    with team_goals as (
      select id, team_id, created_at, row_number() over (partition by team_id order by id) - 1 as k,
        count(*) over (partition by team_id) as n
      from objectives where level = 'team' and status not in ('archived', 'deleted')
    ), first_key_result as (
      -- one pass over the key results (a min(id) per objective walks the primary key instead)
      select distinct on (k.objective_id) k.objective_id, k.id from key_results k
      where k.status <> 'deleted' and k.objective_id % 10 in (6, 7) and k.objective_id % 4 = 0 order by k.objective_id, k.id
    )
    insert into objective_links (parent_objective_id, child_objective_id, child_key_result_id, created_at)
    select g.id, o.id, f.id, greatest(o.created_at, g.created_at) + interval '3 days'
    from objectives o join first_key_result f on f.objective_id = o.id join team_goals g on g.team_id = o.team_id and g.k = (o.id / 10) % g.n
    where o.level = 'personal' and o.status = 'in progress'
      and not exists (select 1 from objective_links l where l.child_objective_id = o.id)`);
  // Team objectives support a company goal by team, the rolling one also the next goal, weighted.
  await tx.execute(sql`
    with goals as (
      select id, created_at, row_number() over (order by id) - 1 as k, count(*) over () as n from objectives where level = 'company' and status = 'in progress'
    ), pairs as (
      select t.id as child, t.created_at, t.team_id, t.rollup_mode, g.id as parent, g.created_at as parent_created
      from objectives t join goals g on g.k = t.team_id % g.n or (t.rollup_mode = 'children' and g.k = (t.team_id + 1) % g.n)
      where t.level = 'team' and t.status <> 'deleted'
    )
    insert into objective_links (parent_objective_id, child_objective_id, weight, created_at)
    select p.parent, p.child, case when p.rollup_mode = 'children' then 1 + p.team_id % 3 else 1 end, greatest(p.created_at, p.parent_created) + interval '1 day'
    from pairs p where not exists (select 1 from objective_links l where l.child_objective_id = p.child and l.parent_objective_id = p.parent)`);
  const [after] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from objective_links`);
  await analyzeLinks();

  // Roll-ups, the level below first: team objectives read their members' objectives, company goals then read the teams'.
  // hash joins only: a misjudged row count must not turn a join over a CTE into a nested loop
  await tx.execute(sql`set local enable_nestloop = off`);
  for (const level of ['team', 'company']) await rollUp(tx, level);
  await tx.execute(sql`set local enable_nestloop = on`);
  return Number(after.n) - Number(before.n);
}

/**
 * Every parent of `level` in 'children' mode gets the weighted mean of what supports it and still
 * counts (no archived or deleted child, no deleted key result), each child's progress as the hub
 * reads it: a key result's score when completed, else its latest check-in; a completed objective
 * 100; an objective's stored roll-up in 'children' mode, else the mean of its key results (whole
 * percent); nothing left: 0.
 */
export async function rollUp(tx: Tx, level: string): Promise<void> {
  // set-based (hash joins over the key results once), not a subquery per child: ~50,000 children
  await tx.execute(sql`
    with rolling as (
      select l.parent_objective_id as parent, l.child_objective_id as child, l.child_key_result_id as kr_id, l.weight
      from objective_links l join objectives p on p.id = l.parent_objective_id and p.level = ${level} and p.rollup_mode = 'children'
    ), latest as (
      select distinct on (c.key_result_id) c.key_result_id, c.percent from key_result_check_ins c order by c.key_result_id, c.created_at desc, c.id desc
    ), kr as (
      select k.id, k.objective_id, k.status,
        case when k.status = 'completed' then coalesce(k.percentage, ${DEFAULT_PERCENTAGE}) else coalesce(t.percent, 0) end as progress
      from key_results k left join latest t on t.key_result_id = k.id
      where k.objective_id in (select child from rolling)
    ), own as (
      select objective_id, round(avg(progress)) as progress from kr where status <> 'deleted' group by objective_id
    ), child as (
      select r.parent, r.weight,
        case when r.kr_id is not null then kr.progress when o.status = 'completed' then 100
          when o.rollup_mode = 'children' then coalesce(o.rolled_up_progress, 0)
          else coalesce(own.progress, 0) end as progress
      from rolling r join objectives o on o.id = r.child and o.status not in (${notRolledUp})
      left join kr on kr.id = r.kr_id left join own on own.objective_id = r.child
      where r.kr_id is null or kr.status <> 'deleted'
    ), mean as (
      select parent, greatest(0, least(100, round(sum(progress * weight)::numeric / nullif(sum(weight), 0))))::int as value from child group by parent
    )
    update objectives p set rolled_up_progress = coalesce(m.value, 0)
    from objectives q left join mean m on m.parent = q.id
    where p.id = q.id and q.level = ${level} and q.rollup_mode = 'children'`);
}
