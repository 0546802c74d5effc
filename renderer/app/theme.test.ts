import { describe, expect, it } from 'vitest';
import { brandRamp } from './theme';

describe('brand ramp', () => {
  it('puts the primary colour at shade 80 and runs from dark to light', () => {
    const ramp = brandRamp('#004c7c');
    expect(ramp[80]).toBe('#004c7c');
    const lightness = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    expect(lightness(ramp[10])).toBeLessThan(lightness(ramp[80]));
    expect(lightness(ramp[160])).toBeGreaterThan(lightness(ramp[120]));
  });
});
