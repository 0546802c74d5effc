import { addYears, isoDay } from './dates';
import { OBJECTIVE_MESSAGES } from './objective-messages';

// objective-tracking §5: an objective's deadline is today or later (the picker's minimum). And at
// most 10 years ahead: a plan further out is no objective anyone tracks, and '9999-12-31' only
// hides an objective at the end of every list sorted by deadline.

export const DEADLINE_MAX_YEARS = 10;

/** The last deadline an objective may be given on `today` (YYYY-MM-DD). */
export const latestDeadline = (today: string = isoDay()): string => addYears(today, DEADLINE_MAX_YEARS);

/** Why a new or changed deadline cannot be set, or null when it can. */
export function objectiveDeadlineProblem(deadline: string, today: string = isoDay()): string | null {
  if (deadline < today) return OBJECTIVE_MESSAGES.deadlinePast;
  if (deadline > latestDeadline(today)) return OBJECTIVE_MESSAGES.deadlineTooFar;
  return null;
}
