import { describe, expect, it } from 'vitest';
import { daysBetween, formatJoinDate, formatLastModified, isoDay, overdueText, timeLeft } from './dates';

describe('dates', () => {
  it('formats deadlines, last-modified and join dates as the spec writes them', () => {
    expect(isoDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(formatLastModified(new Date(2026, 10, 3, 9, 7))).toBe('03-11-2026 09:07');
    expect(formatJoinDate('2019-04-01')).toBe('01/04/2019');
    expect(formatJoinDate(null)).toBe('');
  });
  it('gives days and hours left before the deadline and none after', () => {
    const now = new Date(2026, 10, 23, 12, 0);
    expect(timeLeft('2026-11-25', now)).toEqual({ days: 2, hours: 11, overdueDays: 0 });
    expect(timeLeft('2026-11-23', now).overdueDays).toBe(0);
    expect(timeLeft('2026-11-20', now)).toEqual({ days: 0, hours: 0, overdueDays: 3 });
    expect(overdueText(3)).toBe('3 days overdue');
  });
  it('counts calendar days between two deadlines', () => {
    expect(daysBetween('2026-11-20', '2026-11-23')).toBe(3);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});
