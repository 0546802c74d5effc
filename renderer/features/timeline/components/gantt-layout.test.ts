import { describe, expect, it } from 'vitest';
import { ganttLayout, labelWidthFor, MAX_LABEL_WIDTH, MIN_LABEL_WIDTH, ROW_HEIGHT, STACK_BELOW, STACKED_ROW_HEIGHT } from './gantt-layout';

describe('the timeline title column', () => {
  it('keeps 320 px in a desktop window', () => {
    expect(labelWidthFor(1230)).toBe(MAX_LABEL_WIDTH);
    expect(labelWidthFor(800)).toBe(MAX_LABEL_WIDTH);
  });

  it('takes 40 % of a narrow box, so the bars keep the rest', () => {
    expect(labelWidthFor(450)).toBe(180);
  });

  it('never goes under 120 px, at 320 px wide', () => {
    expect(labelWidthFor(290)).toBe(MIN_LABEL_WIDTH);
  });
});

describe('the timeline rows in a narrow box', () => {
  it('keep the title column from 560 px up', () => {
    expect(ganttLayout(1230)).toEqual({ stacked: false, labelWidth: MAX_LABEL_WIDTH, rowHeight: ROW_HEIGHT });
    expect(ganttLayout(STACK_BELOW)).toMatchObject({ stacked: false, labelWidth: labelWidthFor(STACK_BELOW) });
  });

  it('below it put each title above its bar, the box wide, so a title is not cut to a few letters (320 px)', () => {
    expect(ganttLayout(290)).toEqual({ stacked: true, labelWidth: 0, rowHeight: STACKED_ROW_HEIGHT });
    expect(ganttLayout(456).stacked).toBe(true);
  });
});
