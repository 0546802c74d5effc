import { DEFAULT_PERCENTAGE } from './objective-status';

// What an objective's progress is, in one place: every answer's `progress`, the card, the
// details page, plans, the timeline, statistics and the alignment roll-ups read it from here, so
// a completed objective never reads 100 in one place and 0 in another.
//
// - A completed objective is 100, whatever its key results say: completion is the decision that
//   the work is done (its lead approved it, or someone who needs no approval made it). An
//   archived one keeps the 100 it had when it was completed (archive is offered for completed
//   objectives only and remembers that status in nextStatus).
// - Otherwise, with its owner's choice 'from supporting objectives', the weighted mean of what
//   supports it, which the hub stores (objectives.rolled_up_progress, docs/architecture.md).
// - Otherwise the mean of its key results: a completed key result counts its completion score
//   (100 when missing, spec §3), an open one its latest check-in (0 without one).

/** What one key result's progress is read from. */
export interface ProgressInput {
  status: string;
  /** the completion score of a completed key result (null means 100, spec §3) */
  percentage: number | null;
  /** percent of the latest check-in, null without one */
  latestPercent: number | null;
}

/** One key result: its completion score when completed, else its latest check-in's percent. */
export function keyResultProgress(k: ProgressInput): number {
  return k.status === 'completed' ? (k.percentage ?? DEFAULT_PERCENTAGE) : (k.latestPercent ?? 0);
}

/** The mean over the key results (deleted ones left out), whole percent; none: 0. */
export function keyResultsProgress(keyResults: readonly ProgressInput[]): number {
  const counted = keyResults.filter((k) => k.status !== 'deleted');
  if (counted.length === 0) return 0;
  return Math.round(counted.reduce((n, k) => n + keyResultProgress(k), 0) / counted.length);
}

export interface RollupChild {
  progress: number;
  weight: number;
}

/** Objective statuses whose progress no longer counts towards a parent. */
export const NOT_ROLLED_UP_STATUSES: readonly string[] = ['archived', 'deleted'];

/**
 * A parent's progress from what supports it: the mean of the children's progress (each read with
 * this module's rule), weighted by the links' weights (all 1 unless the parent's owner set them),
 * whole percent. Archived and deleted children are left out by the caller; with nothing left, 0.
 */
export function rolledUpProgress(children: readonly RollupChild[]): number {
  const total = children.reduce((n, c) => n + c.weight, 0);
  if (total <= 0) return 0;
  const sum = children.reduce((n, c) => n + c.progress * c.weight, 0);
  return Math.max(0, Math.min(100, Math.round(sum / total)));
}

/** The status half of the rule: completed, or archived after being completed. */
export function isCompletedObjective(o: { status: string; nextStatus?: string | null }): boolean {
  return o.status === 'completed' || (o.status === 'archived' && o.nextStatus === 'completed');
}

/** Where an objective's progress comes from, as the screens name it beside the figure. */
export type ProgressSource = 'completed' | 'children' | 'key_results';

export function progressSource(o: { status: string; nextStatus?: string | null; rollupMode?: string | null }): ProgressSource {
  if (isCompletedObjective(o)) return 'completed';
  return o.rollupMode === 'children' ? 'children' : 'key_results';
}

export interface ObjectiveProgressInput {
  status: string;
  nextStatus?: string | null;
  /** 'key_results' (the spec's rule, and a row without one) or 'children' */
  rollupMode?: string | null;
  /** the stored roll-up, read in 'children' mode only */
  rolledUpProgress?: number | null;
  /** the key results not deleted (deleted ones are left out here too) */
  keyResults: readonly ProgressInput[];
}

/** The progress an objective shows, 0 to 100, whole. */
export function objectiveProgress(o: ObjectiveProgressInput): number {
  switch (progressSource(o)) {
    case 'completed':
      return 100;
    case 'children':
      return o.rolledUpProgress ?? 0;
    case 'key_results':
      return keyResultsProgress(o.keyResults);
  }
}

/** Key results still open: what completing the objective asks about. */
export const openKeyResultCount = (keyResults: readonly { status: string }[]) => keyResults.filter((k) => k.status === 'in progress').length;

/** The score a key result closes with when it is completed together with its objective (spec §3's default). */
export const CLOSING_SCORE = DEFAULT_PERCENTAGE;
