import { describe, expect, it } from 'vitest';
import { managerChoices, REPORTING_MESSAGES, reportingLineError } from './reporting-lines';

// 1 ← 2 ← 3 (3 reports to 2, 2 reports to 1); 7 ⇄ 8 is an old loop.
const lines = new Map<number, number | null>([[1, null], [2, 1], [3, 2], [7, 8], [8, 7]]);
const managerOf = (id: number) => lines.get(id) ?? null;

describe('reportingLineError', () => {
  it('allows no manager and a manager outside the member’s reports', () => {
    expect(reportingLineError(3, null, managerOf)).toBeNull();
    expect(reportingLineError(3, 1, managerOf)).toBeNull();
    expect(reportingLineError(null, 2, managerOf)).toBeNull();
  });

  it('refuses the member themself', () => {
    expect(reportingLineError(2, 2, managerOf)).toBe(REPORTING_MESSAGES.self);
  });

  it('refuses a direct or indirect report as manager', () => {
    expect(reportingLineError(1, 3, managerOf)).toBe(REPORTING_MESSAGES.cycle);
    expect(reportingLineError(2, 3, managerOf)).toBe(REPORTING_MESSAGES.cycle);
  });

  it('ends on a chain that already loops', () => {
    expect(reportingLineError(1, 7, managerOf)).toBeNull();
  });
});

describe('managerChoices', () => {
  it('leaves the member out', () => {
    expect(managerChoices([{ id: 1 }, { id: 2 }], 2)).toEqual([{ id: 1 }]);
    expect(managerChoices([{ id: 1 }], null)).toEqual([{ id: 1 }]);
  });
});
