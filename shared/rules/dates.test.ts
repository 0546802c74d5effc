import { describe, expect, it } from 'vitest';
import { addYears, daysBetween, isCalendarDay, formatJoinDate, formatLastModified, isoDay, overdueText, timeLeft, timeUsed } from './dates';

describe('dates', () => {
  it('moves a calendar day by whole years, 29 February to the 28th off a leap year', () => {
    expect(addYears('2026-06-15', 10)).toBe('2036-06-15');
    expect(addYears('2026-06-15', -15)).toBe('2011-06-15');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
    expect(addYears('2026-12-31', -100)).toBe('1926-12-31');
    expect(addYears('0096-02-29', 1)).toBe('0097-02-28');
  });
  it('knows a real calendar day, in the first century too', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('0001-01-01')).toBe(true);
    // years 0 to 99, which Date.UTC alone reads as 1900 to 1999
    expect(isCalendarDay('0096-02-29')).toBe(true);
    expect(isCalendarDay('0097-02-29')).toBe(false);
    expect(isCalendarDay('banana')).toBe(false);
  });
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
  it("shares the time used for the deadline bar, 0 to 1 to the thousandth, never in exponent form", () => {
    const created = new Date(2026, 10, 1, 12, 0, 0);
    // due at the end of 2026-11-10: 9.5 days after creation
    expect(timeUsed('2026-11-10', created.toISOString(), created)).toBe(0);
    expect(timeUsed('2026-11-10', created.toISOString(), new Date(2026, 10, 6, 0, 0, 0))).toBe(0.474);
    expect(timeUsed('2026-11-10', created.toISOString(), new Date(2026, 10, 11, 0, 0, 0))).toBe(1);
    // made a moment ago, on any second of the hour: a plain decimal for aria-valuenow
    for (let ms = 0; ms < 3_600_000; ms += 997) {
      const now = new Date(created.getTime() + ms);
      const used = timeUsed('2026-12-31', new Date(now.getTime() - 1_000).toISOString(), now);
      expect(String(used)).toMatch(/^(0|1|0\.\d{1,3})$/);
    }
    // due today, made at noon: the span is at least a day, so half of it has gone
    expect(timeUsed('2026-11-01', created.toISOString(), created)).toBe(0.5);
    expect(timeUsed('2026-11-01', 'not a date', created)).toBe(0);
  });
  it('counts calendar days between two deadlines', () => {
    expect(daysBetween('2026-11-20', '2026-11-23')).toBe(3);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});
