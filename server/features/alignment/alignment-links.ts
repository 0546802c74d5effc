import { and, eq, ne, sql } from 'drizzle-orm';
import type { AlignmentLink, AlignmentLinks } from '../../../shared/api/alignment';
import type { ObjectiveDetail } from '../../../shared/api/objectives';
import {
  ALIGNMENT_MESSAGES as A, canRemoveLink, canSteerRollup, linkRefusal, PRIVATE_OBJECTIVE_LABEL, type LinkEnd, type RollupMode,
} from '../../../shared/rules/alignment';
import { canViewObjective } from '../../../shared/rules/objective-access';
import { OBJECTIVE_MESSAGES } from '../../../shared/rules/objective-messages';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { keyResults, objectives, users } from '../../db/schema';
import { objectiveLinks } from './schema';
import { forbidden, HttpError, notFound } from '../../http-errors';
import { endRef } from './alignment-ends';
import { alignmentLinksOf, linkWithEnds, supportedByLink, type LinkWithEnds } from './alignment-read';
import { recomputeRollups, refreshRollupsAbove } from './alignment-rollup';
import { NOTIFICATION_LINKS } from '../notifications';
import { notify } from '../notifications';
import { findVisibleObjective, NOT_FOUND_OBJECTIVE, objectiveDetail, teamIdsOf, type ObjectiveRecord } from '../objectives';
import { objectiveRef } from '../objectives';
import { lockEditable } from '../objectives';
import { loadSessionUser } from '../auth';
import { nextVersion } from '../objectives';

// Levels and links (docs/api.md 'Alignment'): adding and removing links, weights and the roll-up mode, each in
// one transaction with the roll-up it moves (alignment-rollup.ts) and, for a new link, the
// notification to the parent's owner. The rules are shared/rules/alignment.ts's.

async function linkEnd(tx: DbOrTx, row: ObjectiveRecord): Promise<LinkEnd> {
  return { id: row.id, status: row.status, ...objectiveRef(row, await teamIdsOf(tx, row.ownerId)) };
}

/** The parent supports the child already: the child is among the parent's ancestors (what it supports, upward). */
async function isAncestor(tx: DbOrTx, ancestorId: number, of: number): Promise<boolean> {
  const rows = rowsOf<{ found: boolean }>(await tx.execute(sql`
    with recursive up(id) as (
      select l.parent_objective_id from objective_links l where l.child_objective_id = ${of}
      union
      select l.parent_objective_id from objective_links l join up on l.child_objective_id = up.id
    )
    select exists (select 1 from up where id = ${ancestorId}) as found`));
  return rows[0]?.found === true;
}

function throwRefusal(refusal: NonNullable<ReturnType<typeof linkRefusal>>): never {
  if (refusal.status === 404) throw notFound(NOT_FOUND_OBJECTIVE);
  if (refusal.status === 403) throw forbidden(refusal.message);
  throw new HttpError(400, [{ message: refusal.message, field: 'parent_id' }]);
}

/**
 * POST /objective/:id/links: the objective (or its key result `keyResultId`) supports `parentId`.
 * Proposed by those who may edit the child; the parent's owner is told.
 */
export async function addLink(db: Db, actor: Actor, childId: number, input: { parentId: number; keyResultId?: number }): Promise<AlignmentLinks> {
  return db.transaction(async (tx) => {
    const visibleChild = await findVisibleObjective(tx, actor, childId);
    if (!visibleChild) throw notFound(NOT_FOUND_OBJECTIVE);
    const keyResultId = input.keyResultId ?? null;
    if (keyResultId !== null) {
      const [kr] = await tx.select({ id: keyResults.id }).from(keyResults)
        .where(and(eq(keyResults.id, keyResultId), eq(keyResults.objectiveId, childId), ne(keyResults.status, 'deleted'))).limit(1);
      if (!kr) throw notFound(OBJECTIVE_MESSAGES.keyResultNotFound);
    }
    // child first, then parent: the order the roll-ups lock in
    const [child] = await tx.select().from(objectives).where(eq(objectives.id, childId)).for('update');
    const [parent] = await tx.select().from(objectives).where(eq(objectives.id, input.parentId)).for('update');
    if (!parent) throw notFound(NOT_FOUND_OBJECTIVE);
    const sameChild = and(
      eq(objectiveLinks.childObjectiveId, childId),
      keyResultId === null ? sql`${objectiveLinks.childKeyResultId} is null` : eq(objectiveLinks.childKeyResultId, keyResultId),
    );
    const existing = await tx
      .select({ parentId: objectiveLinks.parentObjectiveId })
      .from(objectiveLinks)
      .innerJoin(objectives, eq(objectives.id, objectiveLinks.parentObjectiveId))
      .where(and(sameChild, ne(objectives.status, 'deleted')));
    const refusal = linkRefusal(actor, {
      child: await linkEnd(tx, child),
      parent: await linkEnd(tx, parent),
      keyResultId,
      supportedCount: existing.length,
      alreadyLinked: existing.some((e) => e.parentId === parent.id),
      parentIsBelowChild: await isAncestor(tx, childId, parent.id),
    });
    if (refusal) throwRefusal(refusal);
    await tx.insert(objectiveLinks).values({ parentObjectiveId: parent.id, childObjectiveId: childId, childKeyResultId: keyResultId });
    await recomputeRollups(tx, [parent.id]);
    await notifySupported(tx, actor, child, parent);
    return alignmentLinksOf(tx, actor, { id: childId, ref: objectiveRef(child, await teamIdsOf(tx, child.ownerId)) });
  });
}

/** The parent's owner hears of it; the child is named only if they may see it. */
async function notifySupported(tx: DbOrTx, actor: Actor, child: ObjectiveRecord, parent: ObjectiveRecord): Promise<void> {
  if (parent.ownerId === actor.id) return;
  const recipient = await loadSessionUser(tx, parent.ownerId);
  if (!recipient) return;
  const seen = canViewObjective(recipient.user, objectiveRef(child, await teamIdsOf(tx, child.ownerId)));
  const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id)).limit(1);
  const what = seen ? `"${child.title}"` : PRIVATE_OBJECTIVE_LABEL;
  await notify(tx, [parent.ownerId], {
    kind: 'objective_supported',
    title: 'An objective now supports yours',
    body: `${who?.name ?? 'Someone'} linked ${what} to "${parent.title}".`,
    link: NOTIFICATION_LINKS.objective(parent.id),
  }, actor.id);
}

/** The link, if the actor may see one of its ends; else 'no such link' (nothing about it leaks). */
async function linkFor(tx: DbOrTx, actor: Actor, linkId: number): Promise<LinkWithEnds> {
  const link = await linkWithEnds(tx, linkId);
  if (!link || !(canViewObjective(actor, endRef(link.child)) || canViewObjective(actor, endRef(link.parent)))) throw notFound(A.linkNotFound);
  return link;
}

/** DELETE /objective-link/:id: by those who may edit the child (who proposed it) or the parent (whose it counts towards). */
export async function removeLink(db: Db, actor: Actor, linkId: number): Promise<{ removed: true; id: number }> {
  return db.transaction(async (tx) => {
    const link = await linkFor(tx, actor, linkId);
    if (!canRemoveLink(actor, { child: endRef(link.child), parent: endRef(link.parent) })) throw forbidden(A.mayNotRemove);
    await tx.delete(objectiveLinks).where(eq(objectiveLinks.id, linkId));
    await recomputeRollups(tx, [link.parent.id]);
    return { removed: true as const, id: linkId };
  });
}

/** PUT /objective-link/:id: the parent's editors weigh what supports it. */
export async function setLinkWeight(db: Db, actor: Actor, linkId: number, weight: number): Promise<AlignmentLink> {
  return db.transaction(async (tx) => {
    const link = await linkFor(tx, actor, linkId);
    if (!canSteerRollup(actor, endRef(link.parent))) throw forbidden(A.mayNotWeigh);
    await tx.update(objectiveLinks).set({ weight }).where(eq(objectiveLinks.id, linkId));
    await recomputeRollups(tx, [link.parent.id]);
    return supportedByLink(actor, { ...link, weight });
  });
}

/** PUT /objective/:id/rollup: own key results, or from supporting objectives. */
export async function setRollupMode(db: Db, actor: Actor, objectiveId: number, mode: RollupMode): Promise<ObjectiveDetail> {
  return db.transaction(async (tx) => {
    const row = await lockEditable(tx, actor, objectiveId);
    if (row.rollupMode !== mode) {
      const [updated] = await tx
        .update(objectives)
        .set({ rollupMode: mode, rolledUpProgress: null, lastModificationDate: nextVersion(row.lastModificationDate, new Date()) })
        .where(eq(objectives.id, objectiveId))
        .returning();
      // 'children' computes its figure now; either way what it shows moved, so its parents follow
      if (mode === 'children') await recomputeRollups(tx, [objectiveId]);
      await refreshRollupsAbove(tx, [objectiveId]);
      return objectiveDetail(tx, actor, updated);
    }
    return objectiveDetail(tx, actor, row);
  });
}

/** GET /objective/:id/links. */
export async function linksOfObjective(db: DbOrTx, actor: Actor, objectiveId: number): Promise<AlignmentLinks> {
  const row = await findVisibleObjective(db, actor, objectiveId);
  if (!row) throw notFound(NOT_FOUND_OBJECTIVE);
  return alignmentLinksOf(db, actor, { id: row.id, ref: objectiveRef(row, await teamIdsOf(db, row.ownerId)) });
}
