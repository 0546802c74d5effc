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
  const ana = { id: 1, name: 'Ana' };
  const dan = { id: 2, name: 'Dan' };
  const mihai = { id: 9, name: 'Mihai' };

  it('leaves the member out', () => {
    expect(managerChoices([ana, dan], 2)).toEqual([ana]);
    expect(managerChoices([ana], null)).toEqual([ana]);
  });

  it('offers the manager the member has now, in name order, when the list has no place for them', () => {
    expect(managerChoices([ana, dan], 5, mihai)).toEqual([ana, dan, mihai]);
    expect(managerChoices([ana, mihai], 5, dan)).toEqual([ana, dan, mihai]);
    expect(managerChoices([ana, dan], 5, dan)).toEqual([ana, dan]);
    expect(managerChoices([ana], 9, mihai)).toEqual([ana]);
  });
});
