import { daysBetween, isoDay } from './dates';
import { OBJECTIVE_MESSAGES } from './objective-messages';

// objective-tracking §5 (key result form): the hub refuses and the dialog disables with the same rules.

/**
 * Why no key result may be added to this objective now, or null when one may. A completed
 * objective is done (progress 100, objective-progress.ts): a new open key result would contradict
 * it, so the card and the details page disable Add KeyResult and the hub refuses it.
 */
export function keyResultRefusal(objective: { status: string; deadline: string }, today: string = isoDay()): string | null {
  if (objective.status === 'archived') return OBJECTIVE_MESSAGES.krOnArchived;
  if (objective.status === 'completed') return OBJECTIVE_MESSAGES.krOnCompleted;
  if (daysBetween(objective.deadline, today) > 1) return OBJECTIVE_MESSAGES.krPastDeadline;
  return null;
}

/** §5: the deadline field is disabled when the objective deadline has passed. */
export function isKeyResultDeadlineLocked(objectiveDeadline: string, today: string = isoDay()): boolean {
  return objectiveDeadline < today;
}

/**
 * §5: a key-result deadline may not be later than the objective deadline nor earlier than
 * today. With the objective's deadline passed, the only allowed value is that deadline (the
 * field is disabled and keeps it).
 */
export function keyResultDeadlineError(deadline: string, objectiveDeadline: string, today: string = isoDay()): string | null {
  if (deadline > objectiveDeadline) return OBJECTIVE_MESSAGES.krDeadlineAfterObjective;
  if (deadline < today && !(isKeyResultDeadlineLocked(objectiveDeadline, today) && deadline === objectiveDeadline)) return OBJECTIVE_MESSAGES.deadlinePast;
  return null;
}

export const KEY_RESULT_ACTIONS = ['complete', 'start'] as const;
export type KeyResultAction = (typeof KEY_RESULT_ACTIONS)[number];

/**
 * §4 "Key results: Complete sets completed … A start action sets in progress": the one action a
 * key result in this status offers (the card's button), null for none. The hub refuses any other,
 * so a Complete or Start sent from a stale screen cannot act twice or undo someone's change.
 */
export function keyResultActionFor(status: string): KeyResultAction | null {
  if (status === 'in progress') return 'complete';
  if (status === 'completed') return 'start';
  return null;
}
