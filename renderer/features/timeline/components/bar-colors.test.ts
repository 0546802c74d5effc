import { describe, expect, it } from 'vitest';
import { PRIORITY_COLORS } from '../../../../shared/rules/constants';
import { contrastRatio, TEXT_CONTRAST } from '../../../lib/theme/contrast';
import { barTextColor, shaded } from './bar-colors';

describe('timeline bar text', () => {
  it.each(Object.entries(PRIORITY_COLORS))('on a %s bar reads at 4.5:1 over both the open and the done part', (_, color) => {
    const text = barTextColor(color);
    expect(contrastRatio(text, color)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(text, shaded(color))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('the done part is the bar colour with a quarter black', () => {
    expect(shaded('#ffffff')).toBe('#bfbfbf');
    expect(shaded('#d8363d')).toBe('#a2292e');
  });
});
