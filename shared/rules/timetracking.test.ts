import { describe, expect, it } from 'vitest';
import { formatHours, groupTasksByDay, monthLabel, monthOfOffset, sumHours, TIMETRACKING_TEXT } from './timetracking';

describe('month offset', () => {
  const now = new Date(2026, 10, 23, 10, 0); // 23 November 2026
  it('0 is the current month, from its first to its last day', () => {
    expect(monthOfOffset(0, now)).toEqual({ month: '2026-11', from: '2026-11-01', to: '2026-11-30' });
  });
  it('negative offsets go back across the year boundary', () => {
    expect(monthOfOffset(-11, now)).toEqual({ month: '2025-12', from: '2025-12-01', to: '2025-12-31' });
    expect(monthOfOffset(-9, now).to).toBe('2026-02-28');
  });
  it('the last day of a long month does not skip a short one', () => {
    expect(monthOfOffset(-1, new Date(2026, 2, 31)).month).toBe('2026-02');
  });
  it('labels the month in en-GB', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});

describe('grouping and totals', () => {
  const tasks = [
    { id: 'b', date: '2026-11-03', summary: 'Review', hours: 1.5 },
    { id: 'a', date: '2026-11-02', summary: 'Build', hours: 6.5 },
    { id: 'c', date: '2026-11-03', summary: 'Fix', hours: 6.5 },
    { id: 'd', date: '2026-11-02', summary: 'Stand-up', hours: 0.1 },
    { id: 'e', date: '2026-11-02', summary: 'Call', hours: 0.2 },
  ];
  it('groups tasks by day in date order with the day number, weekday and daily total', () => {
    const days = groupTasksByDay(tasks);
    expect(days.map((d) => [d.dayNumber, d.weekday, d.total])).toEqual([[2, 'Monday', 6.8], [3, 'Tuesday', 8]]);
    expect(days[1].tasks.map((t) => t.id)).toEqual(['b', 'c']);
  });
  it('adds hours without floating-point noise and prints them plainly', () => {
    expect(sumHours([0.1, 0.2])).toBe(0.3);
    expect(formatHours(8)).toBe('8');
    expect(formatHours(7.5)).toBe('7.5');
    expect(TIMETRACKING_TEXT.total(160.5)).toBe('Total: 160.5h');
  });
  it('names the contact in the not-in-database text', () => {
    expect(TIMETRACKING_TEXT.notInDatabase('Andreea Marin')).toBe(
      'This user has not been added into Time tracking database. Please contact Andreea Marin.',
    );
  });
});
