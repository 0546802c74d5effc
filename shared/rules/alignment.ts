import { canViewObjective, isObjectiveReadOnly, type ObjectiveRef } from './objective-access';
import { LEVEL_RANK, levelOf, type ObjectiveLevel } from './objective-levels';
import type { Actor } from './session-user';

// Alignment's levels and links (docs/api.md#alignment): an objective, or one of its key results,
// supports up to five objectives of a level above; a parent rolls its progress up from what
// supports it when its owner chooses. The hub refuses with these messages and the UI offers only
// what they allow.

/** At most this many objectives supported by one objective, and by each of its key results. */
export const MAX_SUPPORTED = 5;

export const WEIGHT_MIN = 1;
export const WEIGHT_MAX = 100;
export const DEFAULT_WEIGHT = 1;

/** How a parent's progress is computed: its own key results (the spec's rule) or what supports it. */
export const ROLLUP_MODES = ['key_results', 'children'] as const;
export type RollupMode = (typeof ROLLUP_MODES)[number];
export const ROLLUP_MODE_LABELS: Record<RollupMode, string> = {
  key_results: 'Own key results',
  children: 'From supporting objectives',
};

/** What someone who may not see a linked objective is shown in its place (no title, owner or id). */
export const PRIVATE_OBJECTIVE_LABEL = 'a private objective';

export const ALIGNMENT_MESSAGES = {
  tooMany: `An objective or key result can support at most ${MAX_SUPPORTED} objectives.`,
  notHigherLevel: 'An objective can only support an objective of a level above it (personal → team or company, team → company).',
  cycle: 'This link would make a cycle: the objective you chose already supports this one.',
  archivedParent: 'An archived objective cannot be supported.',
  duplicate: 'This already supports that objective.',
  linkNotFound: 'There is no such link.',
  mayNotLink: 'Only those who may edit an objective may link it to one it supports.',
  mayNotRemove: 'Only those who may edit either objective of a link may remove it.',
  mayNotWeigh: 'Only those who may edit the supported objective may set the weights of what supports it.',
  mayNotChangeRollup: 'Only those who may edit the objective may choose how its progress is computed.',
  weight: `Weight must be a whole number from ${WEIGHT_MIN} to ${WEIGHT_MAX}`,
  rollupMode: 'Roll-up must be own key results or from supporting objectives',
  levelFixed: 'The level of an objective cannot be changed.',
} as const;

/** The objective a link would start from (the supporting one) and the one it would point at. */
export interface LinkEnd extends ObjectiveRef {
  id: number;
  status: string;
}

export interface LinkProposal {
  child: LinkEnd;
  parent: LinkEnd;
  /** set when one of the child's key results supports, not the objective itself */
  keyResultId: number | null;
  /** how many objectives the same child (objective or key result) supports already */
  supportedCount: number;
  /** the child (or its key result) already supports this parent */
  alreadyLinked: boolean;
  /** the parent supports the child already, directly or through others */
  parentIsBelowChild: boolean;
}

export type LinkRefusal =
  | { status: 403; message: string }
  | { status: 404; message: null }
  | { status: 400; message: string };

/**
 * Why the actor may not add this link, or null when they may. The order is the answer's: a parent
 * the actor may not see (or a deleted one) is 'not found' like a missing one, before anything
 * could say it exists (the route answers the objectives' own 'There is no such objective.'); then
 * editing the child; then the link's own rules.
 */
export function linkRefusal(actor: Actor, p: LinkProposal): LinkRefusal | null {
  if (p.parent.status === 'deleted' || !canViewObjective(actor, p.parent)) return { status: 404, message: null };
  if (isObjectiveReadOnly(actor, p.child)) return { status: 403, message: ALIGNMENT_MESSAGES.mayNotLink };
  if (p.parent.id === p.child.id || p.parentIsBelowChild) return { status: 400, message: ALIGNMENT_MESSAGES.cycle };
  if (!supportsLevel(levelOf(p.child.level), levelOf(p.parent.level))) return { status: 400, message: ALIGNMENT_MESSAGES.notHigherLevel };
  if (p.parent.status === 'archived') return { status: 400, message: ALIGNMENT_MESSAGES.archivedParent };
  if (p.alreadyLinked) return { status: 400, message: ALIGNMENT_MESSAGES.duplicate };
  if (p.supportedCount >= MAX_SUPPORTED) return { status: 400, message: ALIGNMENT_MESSAGES.tooMany };
  return null;
}

/** personal → team or company, team → company; nothing supports across or down. */
export function supportsLevel(child: ObjectiveLevel, parent: ObjectiveLevel): boolean {
  return LEVEL_RANK[parent] > LEVEL_RANK[child];
}

/** The levels an objective of this level may support (the 'Supports' picker offers these). */
export function supportableLevels(child: ObjectiveLevel): ObjectiveLevel[] {
  return (Object.keys(LEVEL_RANK) as ObjectiveLevel[]).filter((level) => supportsLevel(child, level));
}

/** The child's editors (who proposed it) and the parent's (whose objective it counts towards) may remove a link. */
export function canRemoveLink(actor: Actor, ends: { child: ObjectiveRef; parent: ObjectiveRef }): boolean {
  return !isObjectiveReadOnly(actor, ends.child) || !isObjectiveReadOnly(actor, ends.parent);
}

/** Weights and the roll-up mode are the parent's: those who may edit it (its owner first). */
export function canSteerRollup(actor: Actor, parent: ObjectiveRef): boolean {
  return !isObjectiveReadOnly(actor, parent);
}

