import { describe, expect, it } from 'vitest';
import { daysBetween, formatJoinDate, formatLastModified, isoDay, overdueText, timeLeft, timeUsed } from './dates';

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
