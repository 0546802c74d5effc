// The Gantt's rows and title column. At 1280 px the column is 320 px wide; a narrow window (reflow,
// WCAG 1.4.10: 320 px, 200 % zoom) gives it 40 % of the chart's box, never under 120 px, so the bars
// keep most of it.
// Under STACK_BELOW that column would leave a title a few characters ('Hold re…' at 320 px), so
// each row puts its title on a line of its own, the box's full width, above its bar.

export const MAX_LABEL_WIDTH = 320;
export const MIN_LABEL_WIDTH = 120;
/** The box width under which titles go above the bars. */
export const STACK_BELOW = 560;

export function labelWidthFor(boxWidth: number): number {
  return Math.round(Math.min(MAX_LABEL_WIDTH, Math.max(MIN_LABEL_WIDTH, boxWidth * 0.4)));
}

export interface GanttLayout {
  /** titles on their own line above the bars */
  stacked: boolean;
  /** where the bars start: after the title column, or at the box's left edge when stacked */
  labelWidth: number;
  rowHeight: number;
}

export const ROW_HEIGHT = 32;
/** a title line, then the bar's row */
export const STACKED_ROW_HEIGHT = 54;

export function ganttLayout(boxWidth: number): GanttLayout {
  return boxWidth < STACK_BELOW
    ? { stacked: true, labelWidth: 0, rowHeight: STACKED_ROW_HEIGHT }
    : { stacked: false, labelWidth: labelWidthFor(boxWidth), rowHeight: ROW_HEIGHT };
}
