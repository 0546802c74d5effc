import { describe, expect, it } from 'vitest';
import { OBJECTIVES_TOTAL_CAP, objectivesTotalBound } from '../../../../shared/rules/objective-totals';
import { pagerOf } from './pagination-pages';

describe('objectives paginator', () => {
  it('an exact total: five page numbers around the current one, Next off on the last page', () => {
    expect(pagerOf({ page: 1, total: 40, totalIsExact: true, pageSize: 9 })).toEqual({
      visible: true, numbers: [1, 2, 3, 4, 5], hasPrevious: false, hasNext: true, more: false, label: '40 objectives',
    });
    const last = pagerOf({ page: 5, total: 40, totalIsExact: true, pageSize: 9 });
    expect(last.numbers).toEqual([1, 2, 3, 4, 5]);
    expect(last.hasNext).toBe(false);
    expect(last.hasPrevious).toBe(true);
    expect(pagerOf({ page: 3, total: 100, totalIsExact: true, pageSize: 9 }).numbers).toEqual([1, 2, 3, 4, 5]);
    expect(pagerOf({ page: 7, total: 100, totalIsExact: true, pageSize: 9 }).numbers).toEqual([5, 6, 7, 8, 9]);
    // pages past the numbers shown are marked; none once the last page is among them
    expect(pagerOf({ page: 7, total: 100, totalIsExact: true, pageSize: 9 }).more).toBe(true);
    expect(pagerOf({ page: 12, total: 100, totalIsExact: true, pageSize: 9 }).numbers).toEqual([8, 9, 10, 11, 12]);
    expect(pagerOf({ page: 12, total: 100, totalIsExact: true, pageSize: 9 }).more).toBe(false);
  });

  it('one page or none: nothing to page through', () => {
    expect(pagerOf({ page: 1, total: 9, totalIsExact: true, pageSize: 9 }).visible).toBe(false);
    expect(pagerOf({ page: 1, total: 0, totalIsExact: true, pageSize: 9 }).visible).toBe(false);
    expect(pagerOf({ page: 1, total: 10, totalIsExact: true, pageSize: 9 }).visible).toBe(true);
  });

  it('formats the count with thousands separators', () => {
    expect(pagerOf({ page: 1, total: 1234, totalIsExact: true, pageSize: 9 }).label).toBe('1,234 objectives');
  });

  it('a bounded total reads "100+", runs the pages to the last known one and keeps Next on', () => {
    const first = pagerOf({ page: 1, total: OBJECTIVES_TOTAL_CAP, totalIsExact: false, pageSize: 9 });
    expect(first.label).toBe('100+ objectives');
    expect(first.numbers).toEqual([1, 2, 3, 4, 5]);
    expect(first.hasNext).toBe(true);
    expect(first.more).toBe(true);
    // 100 rows at 9 a page: page 12 is the last one known to exist
    const lastKnown = pagerOf({ page: 12, total: OBJECTIVES_TOTAL_CAP, totalIsExact: false, pageSize: 9 });
    expect(lastKnown.numbers).toEqual([8, 9, 10, 11, 12]);
    expect(lastKnown.hasNext).toBe(true);
    expect(lastKnown.more).toBe(true);
  });

  it('moving past the known pages counts further, so the paginator grows', () => {
    const bound = objectivesTotalBound(13, 9);
    expect(bound).toBe(12 * 9 + 5 * 9);
    const further = pagerOf({ page: 13, total: bound, totalIsExact: false, pageSize: 9 });
    expect(further.numbers).toEqual([11, 12, 13, 14, 15]);
    expect(further.label).toBe('153+ objectives');
    expect(further.hasNext).toBe(true);
    // and deeper, with the thousands separator
    expect(pagerOf({ page: 120, total: objectivesTotalBound(120, 9), totalIsExact: false, pageSize: 9 }).label).toBe('1,116+ objectives');
  });
});

describe('objectives total bound', () => {
  it('is the cap near the start and five pages past the requested one deeper in', () => {
    expect(objectivesTotalBound(1, 9)).toBe(OBJECTIVES_TOTAL_CAP);
    expect(objectivesTotalBound(7, 9)).toBe(OBJECTIVES_TOTAL_CAP);
    expect(objectivesTotalBound(8, 9)).toBe(7 * 9 + 45);
    expect(objectivesTotalBound(200, 9)).toBe(199 * 9 + 45);
    // a page of 100 counts five of them even on the first
    expect(objectivesTotalBound(1, 100)).toBe(500);
    expect(objectivesTotalBound(20, 100)).toBe(2400);
  });
});
