import { describe, expect, it } from 'vitest';
import { labelWidthFor, MAX_LABEL_WIDTH, MIN_LABEL_WIDTH } from './label-width';

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
