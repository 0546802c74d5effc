import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { TIMELINE_LIMIT, type TimelineObjective } from '../../../shared/api/timeline';
import { keyResultProgress, objectiveProgress } from '../../../shared/rules/objective-progress';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { keyResults, objectives, users } from '../../db/schema';
import { parentsOf } from '../alignment';
import { keyResultsByObjective } from '../objectives';
import { visibleWhere } from '../objectives';

// objective-tracking §2 Timeline: the objectives the user may see (visibleWhere, the objectives
// list's rule), key results as subtasks, and what each supports (alignment); three indexed
// queries, whatever the number of rows. Each bar's progress is the cards' (objective-progress.ts).

const day = (d: Date) => d.toISOString().slice(0, 10);

export interface TimelineFilters {
  scope: 'mine' | 'all';
  status?: string;
}

export async function timelineItems(db: DbOrTx, actor: Actor, f: TimelineFilters): Promise<{ items: TimelineObjective[]; truncated: boolean }> {
  const where: SQL[] = [visibleWhere(actor)];
  if (f.scope === 'mine') where.push(sql`${objectives.ownerId} = ${actor.id}`);
  if (f.status) where.push(eq(objectives.status, f.status));
  const rows = await db
    .select({ o: objectives, ownerName: users.name })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .where(and(...where))
    .orderBy(asc(objectives.createdAt), asc(objectives.id))
    .limit(TIMELINE_LIMIT + 1);
  const truncated = rows.length > TIMELINE_LIMIT;
  const kept = rows.slice(0, TIMELINE_LIMIT);
  const keptIds = kept.map((r) => r.o.id);
  const [byObjective, parents] = await Promise.all([
    keyResultsByObjective(db, keptIds, [asc(keyResults.createdAt), asc(keyResults.id)], (k) => ({
      id: k.id, title: k.title, status: k.status, priority: k.priority, start: day(k.createdAt), deadline: k.deadline,
      progress: keyResultProgress(k), latestPercent: k.latestPercent, percentage: k.percentage,
    })),
    parentsOf(db, actor, keptIds),
  ]);
  const items = kept.map(({ o, ownerName }) => {
    const krs = byObjective.get(o.id) ?? [];
    return {
      id: o.id, title: o.title, status: o.status, priority: o.priority, start: day(o.createdAt), deadline: o.deadline,
      progress: objectiveProgress({ ...o, keyResults: krs }),
      owner: { id: o.ownerId, name: ownerName },
      keyResults: krs.map(({ latestPercent: _latest, percentage: _score, ...k }) => k),
      supports: parents.get(o.id) ?? [],
    };
  });
  return { items, truncated };
}
