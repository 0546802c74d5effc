import type { TimelineObjective } from '../../../../shared/api/timeline';
import { barSpan } from '../../../../shared/rules/timeline';
import type { GanttRow } from './gantt-rows';

// Where the timeline opens: at today, not at the earliest bar (a year back once objectives pile
// up), and at the row of the viewer's current objective, so what they work on now is in view.

/** Done with: no longer current, whatever its dates. */
const CLOSED: readonly string[] = ['completed', 'archived', 'deleted', 'rejected'];

export interface OpeningView {
  /** the day to bring into view */
  day: number;
  /** the objective whose row goes to the top; null: the first row */
  objectiveId: number | null;
}

const open = (o: TimelineObjective) => !CLOSED.includes(o.status);
const spans = (o: TimelineObjective, day: number) => {
  const { from, to } = barSpan(o.start, o.deadline);
  return from <= day && day < to;
};

/**
 * The first of: the viewer's open objective whose bar crosses today, their open objective past its
 * deadline or still to start, anyone's open objective crossing today; else the first row.
 */
export function openingView(items: readonly TimelineObjective[], viewerId: number | null, today: number): OpeningView {
  const own = items.filter((o) => o.owner.id === viewerId && open(o));
  const focus = own.find((o) => spans(o, today)) ?? own[0] ?? items.find((o) => open(o) && spans(o, today));
  return { day: today, objectiveId: focus?.id ?? null };
}

/** The index of the objective's row among the rows drawn (key results above it count); 0 if absent. */
export function openingRow(rows: readonly GanttRow[], objectiveId: number | null): number {
  return objectiveId === null ? 0 : Math.max(0, rows.findIndex((r) => r.key === `o${objectiveId}`));
}

/**
 * The scroll that shows `day` a third of the way into the bars' area (what is coming has more room
 * than what is past), within the chart's scroll range.
 */
export function scrollLeftFor(day: number, rangeFrom: number, pxPerDay: number, barsWidth: number, maxScroll: number): number {
  const left = (day - rangeFrom) * pxPerDay - barsWidth / 3;
  return Math.round(Math.min(Math.max(0, maxScroll), Math.max(0, left)));
}
