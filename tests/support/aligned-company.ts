import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../server/db/client';

// issue 24: the large company (server/db/seed/large) has personal objectives only. This adds an
// aligned set on top, in plain SQL: company objectives owned by the demo owner, one team objective
// per team owned by its lead, each team objective supporting a company one, and every `every`th
// personal objective supporting its team's objective, half of them rolling up (links the demo
// seed made already are kept). For the query plan test and bench/alignment.ts.

export interface AlignedCounts {
  company: number;
  team: number;
  links: number;
}

export async function alignLargeCompany(db: DbOrTx, options: { companyObjectives?: number; every?: number } = {}): Promise<AlignedCounts> {
  const companyObjectives = options.companyObjectives ?? 12;
  const every = options.every ?? 10;
  await db.execute(sql`
    insert into objectives (title, description, category, subcategory, priority, deadline, is_public, author_id, owner_id, team_id, level, rollup_mode)
    select 'Company goal ' || g, 'Where the company goes', 'Management', 'Organization', 'high', current_date + 90, false, u.id, u.id, null, 'company', 'children'
    from generate_series(1, ${companyObjectives}) g cross join (select id from users where username = 'owner') u`);
  await db.execute(sql`
    insert into objectives (title, description, category, subcategory, priority, deadline, is_public, author_id, owner_id, team_id, level, rollup_mode)
    select 'Team goal of ' || t.name, 'What the team delivers', 'Management', 'Team', 'high', current_date + 60, false, l.user_id, l.user_id, t.id, 'team',
      case when t.id % 2 = 0 then 'children' else 'key_results' end
    from teams t join lateral (select m.user_id from team_members m where m.team_id = t.id and m.is_lead order by m.user_id limit 1) l on true
    where t.status = 'active'`);
  await db.execute(sql`
    insert into objective_links (parent_objective_id, child_objective_id)
    select c.id, t.id from objectives t
    join lateral (select id from objectives c where c.level = 'company' order by id offset (t.id % ${companyObjectives}) limit 1) c on true
    where t.level = 'team'
    on conflict do nothing`);
  await db.execute(sql`
    insert into objective_links (parent_objective_id, child_objective_id)
    select t.id, o.id from objectives o join objectives t on t.level = 'team' and t.team_id = o.team_id
    where o.level = 'personal' and o.status <> 'deleted' and o.id % ${every} = 0
    on conflict do nothing`);
  await db.execute(sql`analyze objectives`);
  await db.execute(sql`analyze objective_links`);
  const [counts] = (await db.execute(sql`select
      (select count(*)::int from objectives where level = 'company') as company,
      (select count(*)::int from objectives where level = 'team') as team,
      (select count(*)::int from objective_links) as links`) as unknown as { rows: AlignedCounts[] }).rows;
  return counts;
}
