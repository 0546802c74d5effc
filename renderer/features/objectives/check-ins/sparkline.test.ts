import { describe, expect, it } from 'vitest';
import { sparklinePoints, sparklineRange, sparklineSummary, toPolyline } from './sparkline';

const box = { width: 104, height: 34, pad: 2 };

describe('check-in trend line', () => {
  it('spreads the check-ins evenly; across 0-100 the top is 100% and the bottom 0%', () => {
    expect(sparklinePoints([0, 50, 100], box)).toEqual([{ x: 2, y: 32 }, { x: 52, y: 17 }, { x: 102, y: 2 }]);
  });
  it('zooms to the values with a little room, so a small move still shows its direction', () => {
    expect(sparklineRange([12, 19])).toEqual({ low: 5.5, high: 25.5 });
    const [a, b] = sparklinePoints([12, 19], box);
    expect(a.y - b.y).toBeGreaterThan(10);
    expect(sparklineRange([30, 90])).toEqual({ low: 25, high: 95 });
  });
  it('keeps the range inside 0-100 and at least 20 points wide', () => {
    expect(sparklineRange([0, 2])).toEqual({ low: 0, high: 20 });
    expect(sparklineRange([99, 100])).toEqual({ low: 80, high: 100 });
    expect(sparklineRange([-5, 120])).toEqual({ low: 0, high: 100 });
  });
  it('draws a single check-in as a flat line across the box', () => {
    expect(toPolyline(sparklinePoints([25], box))).toBe('2,17 102,17');
  });
  it('draws nothing without check-ins', () => {
    expect(sparklinePoints([], box)).toEqual([]);
  });
  it('says in words where the progress started and where it is now, oldest first', () => {
    expect(sparklineSummary([10, 25, 40, 60])).toBe('Progress over 4 check-ins: from 10% to 60%');
    expect(sparklineSummary([55, 30])).toBe('Progress over 2 check-ins: from 55% to 30%');
    expect(sparklineSummary([30])).toBe('Progress over 1 check-in: 30%');
  });
});
