import { sql } from 'drizzle-orm';
import type { AlignmentLink, AlignmentLinks, SupportedRef } from '../../../shared/api/alignment';
import { canRemoveLink, canSteerRollup, PRIVATE_OBJECTIVE_LABEL } from '../../../shared/rules/alignment';
import { canViewObjective, type ObjectiveRef } from '../../../shared/rules/objective-access';
import { LEVEL_RANK, levelOf } from '../../../shared/rules/objective-levels';
import type { Actor } from '../../../shared/rules/session-user';
import { rowsOf, type DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { endJson, endRef, linkedObjective, type EndRow } from './alignment-ends';

// An objective's links as its details show them ('Supports …', 'Supported by …'), each
// other end shown only to those who may see it (the spec's visibility at both ends): to anyone
// else it is 'a private objective', with no id, title, owner, key result or progress.

/** The details list this many of what supports an objective; supportedByCount has them all. */
export const SUPPORTED_BY_SHOWN = 100;

export interface LinkRow {
  id: number;
  weight: number;
  outgoing: boolean;
  krId: number | null;
  krTitle: string | null;
  end: EndRow;
}

// One statement, both directions; each half reads its own index of objective_links. Prepared once
// around its parameter, the id (twice): built per request, Drizzle's rendering and naming its
// 4 KB text were part of the ~5 % Drizzle and naming took of GET /objective/:id (a CPU profile).
const linksById = preparedStatement(sql`
    (select l.id, l.weight, true as "outgoing", l.child_key_result_id as "krId", k.title as "krTitle", ${endJson('o')} as "end"
      from objective_links l join objectives o on o.id = l.parent_objective_id left join key_results k on k.id = l.child_key_result_id
      where l.child_objective_id = ${sql.placeholder('id')} and o.status <> 'deleted' and (k.id is null or k.status <> 'deleted'))
    union all
    (select l.id, l.weight, false, l.child_key_result_id, k.title, ${endJson('o')}
      from objective_links l join objectives o on o.id = l.child_objective_id left join key_results k on k.id = l.child_key_result_id
      where l.parent_objective_id = ${sql.placeholder('id')} and o.status <> 'deleted' and (k.id is null or k.status <> 'deleted')
      -- team objectives before personal ones, by title ('team' > 'personal'; a company one supports nothing)
      order by o.level desc, o.title, l.id limit ${SUPPORTED_BY_SHOWN})`);

/** The rows of an objective's links, both directions: a detail reads them while it reads the objective. */
export async function alignmentLinkRows(db: DbOrTx, id: number): Promise<readonly LinkRow[]> {
  return rowsOf<LinkRow>(await linksById(db, { id }));
}

/** 'Supports …' and 'Supported by …' of an objective the actor sees (`self` is its visibility input). */
export async function alignmentLinksOf(db: DbOrTx, actor: Actor, self: { id: number; ref: ObjectiveRef }): Promise<AlignmentLinks> {
  return alignmentLinksFrom(await alignmentLinkRows(db, self.id), actor, self.ref);
}

/** The links as this actor may see them, from their rows (`selfRef` is the objective's visibility input). */
export function alignmentLinksFrom(rows: readonly LinkRow[], actor: Actor, selfRef: ObjectiveRef): AlignmentLinks {
  const supports: AlignmentLink[] = [];
  const supportedBy: AlignmentLink[] = [];
  const steer = canSteerRollup(actor, selfRef);
  for (const row of rows) {
    const otherRef = endRef(row.end);
    const visible = canViewObjective(actor, otherRef);
    const ends = row.outgoing ? { child: selfRef, parent: otherRef } : { child: otherRef, parent: selfRef };
    const link: AlignmentLink = {
      id: row.id,
      weight: row.weight,
      // an outgoing link's key result is this objective's own; an incoming one's, the child's
      keyResult: row.krId !== null && (row.outgoing || visible) ? { id: row.krId, title: row.krTitle ?? '' } : null,
      objective: visible ? linkedObjective(row.end) : null,
      label: visible ? row.end.title : PRIVATE_OBJECTIVE_LABEL,
      isPrivate: !visible,
      canRemove: canRemoveLink(actor, ends),
      canSetWeight: !row.outgoing && steer,
    };
    (row.outgoing ? supports : supportedBy).push(link);
  }
  // company first, then team, by title; private ones last
  supports.sort((a, b) => levelRank(b) - levelRank(a) || a.label.localeCompare(b.label) || a.id - b.id);
  return { supports, supportedBy };
}

const levelRank = (l: AlignmentLink) => (l.objective ? LEVEL_RANK[levelOf(l.objective.level)] : -1);

/** The parents a list item shows in compact form, deduplicated; null for one the actor may not see. */
export function compactSupports(actor: Actor, parents: readonly EndRow[] | null): SupportedRef[] {
  const seen = new Set<number>();
  const out: SupportedRef[] = [];
  for (const end of parents ?? []) {
    if (seen.has(end.id)) continue;
    seen.add(end.id);
    out.push(canViewObjective(actor, endRef(end)) ? { id: end.id, title: end.title, level: levelOf(end.level) } : null);
  }
  return out;
}

/** A link with both its ends, as the link routes check it (ends not deleted; a deleted key result is no link). */
export interface LinkWithEnds {
  id: number;
  weight: number;
  krId: number | null;
  krTitle: string | null;
  child: EndRow;
  parent: EndRow;
}

export async function linkWithEnds(db: DbOrTx, linkId: number): Promise<LinkWithEnds | null> {
  const [row] = rowsOf<LinkWithEnds>(await db.execute(sql`
    select l.id, l.weight, l.child_key_result_id as "krId", k.title as "krTitle", ${endJson('co')} as "child", ${endJson('po')} as "parent"
    from objective_links l join objectives co on co.id = l.child_objective_id join objectives po on po.id = l.parent_objective_id
    left join key_results k on k.id = l.child_key_result_id
    where l.id = ${linkId} and co.status <> 'deleted' and po.status <> 'deleted' and (k.id is null or k.status <> 'deleted')`));
  return row ?? null;
}

/** One link as the parent's details list it under 'Supported by …'. */
export function supportedByLink(actor: Actor, link: LinkWithEnds): AlignmentLink {
  const childRef = endRef(link.child);
  const parentRef = endRef(link.parent);
  const visible = canViewObjective(actor, childRef);
  return {
    id: link.id,
    weight: link.weight,
    keyResult: link.krId !== null && visible ? { id: link.krId, title: link.krTitle ?? '' } : null,
    objective: visible ? linkedObjective(link.child) : null,
    label: visible ? link.child.title : PRIVATE_OBJECTIVE_LABEL,
    isPrivate: !visible,
    canRemove: canRemoveLink(actor, { child: childRef, parent: parentRef }),
    canSetWeight: canSteerRollup(actor, parentRef),
  };
}
