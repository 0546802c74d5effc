import { describe, expect, it } from 'vitest';
import type { TimelineObjective } from '../../../../shared/api/timeline';
import { dayNumber } from '../../../../shared/rules/timeline';
import { ganttRows } from './gantt-rows';
import { openingRow, openingView, scrollLeftFor } from './opening-view';

const today = dayNumber('2026-12-01');
const objective = (id: number, ownerId: number, start: string, deadline: string, status = 'in progress', keyResults = 0): TimelineObjective => ({
  id, title: `O${id}`, status, priority: 'medium', start, deadline, owner: { id: ownerId, name: `P${ownerId}` }, supports: [],
  keyResults: Array.from({ length: keyResults }, (_, i) => ({ id: id * 10 + i, title: 'k', status: 'in progress', priority: 'low', start, deadline })),
});

describe('where the timeline opens', () => {
  // in the hub's order, oldest first: a year-old finished one of the viewer's (7), others' current
  // work, then the viewer's current one
  const items = [
    objective(1, 7, '2025-11-10', '2026-03-01', 'completed', 2),
    objective(2, 8, '2026-10-01', '2027-01-15', 'in progress', 3),
    objective(3, 7, '2026-11-01', '2027-02-01', 'in progress', 1),
    objective(4, 7, '2026-11-20', '2027-05-01', 'in progress'),
  ];
  const rows = ganttRows(items, new Set());

  it("at today, on the viewer's first open objective that runs today, not on the year-old one", () => {
    expect(openingView(items, 7, today)).toEqual({ day: today, objectiveId: 3 });
  });

  it('on their open objective past its deadline when none runs today', () => {
    const late = [objective(5, 7, '2026-06-01', '2026-10-01'), ...items.slice(1, 2)];
    expect(openingView(late, 7, today).objectiveId).toBe(5);
  });

  it("on anyone's current objective for a viewer with none of their own, else at the top", () => {
    expect(openingView(items, 99, today).objectiveId).toBe(2);
    expect(openingView([items[0]], 99, today).objectiveId).toBeNull();
    expect(openingRow(ganttRows([items[0]], new Set()), null)).toBe(0);
    expect(openingView([], 7, today)).toEqual({ day: today, objectiveId: null });
  });

  it("finds the objective's row below the key results drawn above it, and folded ones not", () => {
    expect(openingRow(rows, 3)).toBe(1 + 2 + 1 + 3);
    expect(openingRow(ganttRows(items, new Set([1, 2])), 3)).toBe(2);
    expect(openingRow(rows, 404)).toBe(0);
  });

  it('puts today a third into the bars, within the scroll range', () => {
    expect(scrollLeftFor(today, today - 400, 5, 900, 10_000)).toBe(400 * 5 - 300);
    expect(scrollLeftFor(today, today - 10, 5, 900, 10_000)).toBe(0);
    expect(scrollLeftFor(today, today - 400, 5, 900, 1200)).toBe(1200);
  });
});
