import { sql } from 'drizzle-orm';
import type { SupportedRef } from '../../../shared/api/alignment';
import { canViewObjective } from '../../../shared/rules/objective-access';
import { levelOf } from '../../../shared/rules/objective-levels';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type DbOrTx } from '../../db/client';

// The plans export and the timeline show the parents: what each of many objectives
// (or one of its key results) supports, in one statement over objective_links' child index, each
// parent as compactSupports shows it on the objectives list: its title for those who may see it
// (canViewObjective), null ('a private objective') for anyone else. Only what that rule needs is
// read, not a parent's progress.

interface ParentRow {
  childId: number;
  id: number;
  title: string;
  level: string;
  ownerId: number;
  authorId: number;
  teamId: number | null;
  isPublic: boolean;
  ownerTeamIds: number[] | null;
}

/** The parents of each objective in `childIds` (not deleted, nor through a deleted key result), in id order. */
export async function parentsOf(db: DbOrTx, actor: Actor, childIds: readonly number[]): Promise<Map<number, SupportedRef[]>> {
  const out = new Map<number, SupportedRef[]>();
  if (childIds.length === 0) return out;
  const rows = rowsOf<ParentRow>(await db.execute(sql`
    select l.child_objective_id as "childId", p.id, p.title, p.level, p.owner_id as "ownerId", p.author_id as "authorId",
      p.team_id as "teamId", p.is_public as "isPublic",
      (select json_agg(m.team_id) from team_members m join teams mt on mt.id = m.team_id where m.user_id = p.owner_id and mt.status <> 'deleted') as "ownerTeamIds"
    from objective_links l join objectives p on p.id = l.parent_objective_id
    left join key_results lk on lk.id = l.child_key_result_id
    where l.child_objective_id in (${sql.join(childIds.map((id) => sql`${id}`), sql`, `)})
      and p.status <> 'deleted' and (lk.id is null or lk.status <> 'deleted')
    order by 1, 2`));
  let last = '';
  for (const r of rows) {
    // an objective and its key result may support the same parent: one mention
    const key = `${r.childId}:${r.id}`;
    if (key === last) continue;
    last = key;
    const visible = canViewObjective(actor, { ownerId: r.ownerId, authorId: r.authorId, teamId: r.teamId, isPublic: r.isPublic, ownerTeamIds: r.ownerTeamIds ?? [], level: r.level });
    const list = out.get(r.childId) ?? [];
    list.push(visible ? { id: r.id, title: r.title, level: levelOf(r.level) } : null);
    out.set(r.childId, list);
  }
  return out;
}
