import { isObjectiveReadOnly, type ObjectiveRef } from './objective-access';
import { OBJECTIVE_MESSAGES } from './objective-messages';
import type { Actor } from './session-user';

// Key-result check-ins. Who may check in follows the objective's read-only rule
// (spec §6, the same one that guards editing a key result); the progress they feed is
// objective-progress.ts's. Hub and UI both decide with these functions.

export const CONFIDENCES = ['on_track', 'at_risk', 'off_track'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  off_track: 'Off track',
};

/** Confidences that count as 'at risk' in the statistics. */
export const RISKY_CONFIDENCES: readonly Confidence[] = ['at_risk', 'off_track'];

export const CHECK_IN_COMMENT_MAX = 1000;

export const CHECK_IN_MESSAGES = {
  percent: 'Percent complete must be a whole number from 0 to 100',
  confidence: 'Confidence must be on track, at risk or off track',
  comment: `Comment must be at most ${CHECK_IN_COMMENT_MAX} characters`,
  closedObjective: 'Check-ins are closed: the objective is no longer in progress.',
  closedKeyResult: 'Check-ins are closed: the key result is completed.',
} as const;

/**
 * Objective statuses whose key results still take check-ins (completed, archived, deleted do
 * not), and whose key results the statistics may call at risk: a completed objective is done
 * (objective-progress.ts), whatever its open key results' last check-in said.
 */
export const OPEN_OBJECTIVE_STATUSES: readonly string[] = ['in progress', 'waiting for approval'];

export interface CheckInTarget {
  objective: ObjectiveRef & { status: string };
  keyResult: { status: string };
}

/**
 * Why the actor may not check in on this key result, or null when they may. spec §6: the
 * objective's read-only rule first (the one editing a key result obeys), then the work must
 * still be open: a completed key result was closed with its final check-in.
 */
export function checkInRefusal(actor: Actor, target: CheckInTarget): string | null {
  if (isObjectiveReadOnly(actor, target.objective)) return OBJECTIVE_MESSAGES.readOnly;
  return checkInClosure(target.objective.status, target.keyResult.status);
}

/** The status half of the rule, for screens that get the read-only flag from the hub. */
export function checkInClosure(objectiveStatus: string, keyResultStatus: string): string | null {
  if (!OPEN_OBJECTIVE_STATUSES.includes(objectiveStatus)) return CHECK_IN_MESSAGES.closedObjective;
  if (keyResultStatus !== 'in progress') return CHECK_IN_MESSAGES.closedKeyResult;
  return null;
}
