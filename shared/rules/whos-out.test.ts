import { describe, expect, it } from 'vitest';
import { addDays, daysAhead, isOutOn, isWeekend, presenceOf, presenceText, shortDay } from './whos-out';

// Late November 2026: Mon 30 Nov (St Andrew) and Tue 1 Dec (National Day) are public holidays in Romania.
const PUBLIC = new Set(['2026-11-30', '2026-12-01']);
const NONE = new Set<string>();
const vacation = (start: string, end: string) => ({ start, end, type: 'De odihna' });

describe("who's out", () => {
  it('a leave to Friday reads out until that Friday', () => {
    const p = presenceOf([vacation('2026-11-23', '2026-11-27')], '2026-11-25', NONE, true);
    expect(p).toEqual({ outUntil: '2026-11-27', outFrom: null, kind: 'Vacation Day' });
    expect(presenceText(p!, '2026-11-25')).toBe('Out until Fri 27 Nov (Vacation Day)');
  });

  it('a leave imported to Sunday still ends on the Friday a colleague would read', () => {
    expect(presenceOf([vacation('2026-11-23', '2026-11-29')], '2026-11-24', NONE, false)?.outUntil).toBe('2026-11-27');
  });

  it('two leaves across a weekend and public holidays are one absence', () => {
    const events = [vacation('2026-11-26', '2026-11-27'), { start: '2026-12-02', end: '2026-12-03', type: 'Medical' }];
    const p = presenceOf(events, '2026-11-27', PUBLIC, true);
    expect(p?.outUntil).toBe('2026-12-03');
    // the kind is that of today's leave
    expect(p?.kind).toBe('Vacation Day');
  });

  it('a last day off today reads Out today', () => {
    const p = presenceOf([vacation('2026-11-26', '2026-11-27')], '2026-11-27', NONE, false);
    expect(presenceText(p!, '2026-11-27')).toBe('Out today');
  });

  it('a leave within the next five working days is a marker with its first day', () => {
    // Fri 27 Nov: Mon and Tue are public holidays, so Wed 2 Dec is the first working day ahead
    const p = presenceOf([vacation('2026-12-02', '2026-12-04')], '2026-11-27', PUBLIC, false);
    expect(p).toEqual({ outUntil: null, outFrom: '2026-12-02' });
    expect(presenceText(p!, '2026-11-27')).toBe('Out from Wed 2 Dec');
  });

  it('a leave beyond five working days, or none, is nothing', () => {
    expect(presenceOf([vacation('2026-12-10', '2026-12-11')], '2026-11-27', PUBLIC, true)).toBeNull();
    expect(presenceOf([], '2026-11-27', PUBLIC, true)).toBeNull();
  });

  it('the kind stays out when the viewer may not see it', () => {
    const p = presenceOf([{ start: '2026-11-27', end: '2026-11-27', type: 'Medical' }], '2026-11-27', NONE, false);
    expect(p).toEqual({ outUntil: '2026-11-27', outFrom: null });
    expect(p && 'kind' in p).toBe(false);
  });

  it('a national day row is not a person’s leave', () => {
    const national = { start: '2026-12-01', end: '2026-12-01', type: 'national_holiday' };
    expect(presenceOf([national], '2026-12-01', PUBLIC, true)).toBeNull();
    expect(isOutOn([national], '2026-12-01')).toBe(false);
    expect(isOutOn([vacation('2026-12-01', '2026-12-04')], '2026-12-03')).toBe(true);
  });

  it('lists today and the next five working days with the weekday public holidays between', () => {
    expect(daysAhead('2026-11-27', PUBLIC)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07', '2026-12-08']);
  });

  it('writes days as en-GB short weekday, day and month', () => {
    expect(shortDay('2026-12-01')).toBe('Tue 1 Dec');
  });

  it('counts days as the calendar does: weekends, month and year ends, leap days', () => {
    for (let day = '2023-12-25'; day <= '2025-01-10'; day = addDays(day, 1)) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      expect(isWeekend(day), day).toBe(weekday === 0 || weekday === 6);
    }
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('a leave over New Year reads out until its last working day in January', () => {
    const newYear = new Set(['2027-01-01']);
    expect(presenceOf([vacation('2026-12-28', '2027-01-05')], '2026-12-30', newYear, false)?.outUntil).toBe('2027-01-05');
  });
});
