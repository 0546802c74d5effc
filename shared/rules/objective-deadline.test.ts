import { describe, expect, it } from 'vitest';
import { latestDeadline, objectiveDeadlineProblem } from './objective-deadline';
import { OBJECTIVE_MESSAGES } from './objective-messages';

const today = '2026-06-15';

describe("an objective's deadline (objective-tracking §5)", () => {
  it('is today at the earliest', () => {
    expect(objectiveDeadlineProblem(today, today)).toBeNull();
    expect(objectiveDeadlineProblem('2026-06-14', today)).toBe(OBJECTIVE_MESSAGES.deadlinePast);
  });

  it('is at most 10 years ahead, that day included', () => {
    expect(latestDeadline(today)).toBe('2036-06-15');
    expect(objectiveDeadlineProblem('2036-06-15', today)).toBeNull();
    expect(objectiveDeadlineProblem('2036-06-16', today)).toBe(OBJECTIVE_MESSAGES.deadlineTooFar);
    expect(objectiveDeadlineProblem('9999-12-31', today)).toBe(OBJECTIVE_MESSAGES.deadlineTooFar);
  });
});
