import { describe, expect, it } from 'vitest';
import { sparklinePoints, toPolyline } from './sparkline';

const box = { width: 104, height: 34, pad: 2 };

describe('check-in trend line', () => {
  it('spreads the check-ins evenly, 100% at the top and 0% at the bottom', () => {
    expect(sparklinePoints([0, 50, 100], box)).toEqual([{ x: 2, y: 32 }, { x: 52, y: 17 }, { x: 102, y: 2 }]);
  });
  it('draws a single check-in as a flat line across the box', () => {
    expect(toPolyline(sparklinePoints([25], box))).toBe('2,24.5 102,24.5');
  });
  it('keeps out-of-range values inside the box and draws nothing without check-ins', () => {
    expect(sparklinePoints([-5, 120], box).map((p) => p.y)).toEqual([32, 2]);
    expect(sparklinePoints([], box)).toEqual([]);
  });
});
