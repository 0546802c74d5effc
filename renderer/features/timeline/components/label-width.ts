// The Gantt's title column. At 1280 px it is 320 px wide; a narrow window (reflow, WCAG 1.4.10: 320 px,
// 200 % zoom) gives it 40 % of the chart's box, never under 120 px, so the bars keep most of it.

export const MAX_LABEL_WIDTH = 320;
export const MIN_LABEL_WIDTH = 120;

export function labelWidthFor(boxWidth: number): number {
  return Math.round(Math.min(MAX_LABEL_WIDTH, Math.max(MIN_LABEL_WIDTH, boxWidth * 0.4)));
}
