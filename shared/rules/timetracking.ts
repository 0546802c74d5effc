// people-and-shell §2 Time tracking and §9: the report's texts, month offsets, grouping and totals.
// Pure: the hub resolves the month with it, the screen groups and labels with it.

export const TIMETRACKING_TEXT = {
  info: 'Today: Hours are re-imported every 5 minutes. This month: Hours are re-imported every 1h.',
  notInDatabase: (name: string) => `This user has not been added into Time tracking database. Please contact ${name}.`,
  total: (hours: number) => `Total: ${formatHours(hours)}h`,
} as const;

/** spec §9: today's hours every 5 minutes, the month every hour. */
export const TIMETRACKING_IMPORT_INTERVALS_MS = { today: 5 * 60_000, month: 60 * 60_000 } as const;

/** How far back the report goes (ten years); older offsets are a 400, not a huge scan. */
export const MIN_MONTH_OFFSET = -120;

export interface MonthRange {
  /** YYYY-MM */
  month: string;
  /** first day, YYYY-MM-DD */
  from: string;
  /** last day, YYYY-MM-DD */
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar month `offset` months from the month of `now` (local calendar; 0 = this month). */
export function monthOfOffset(offset: number, now: Date = new Date()): MonthRange {
  const first = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  const year = first.getFullYear();
  const month = first.getMonth() + 1;
  const lastDay = new Date(year, month, 0).getDate();
  return { month: `${year}-${pad(month)}`, from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDay)}` };
}

/** 'November 2026' for '2026-11' (en-GB, the calendar locale of spec §9). */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Hours as people write them: 8, 7.5, 0.25 (no trailing zeros, at most two decimals). */
export function formatHours(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}

/** Sum with cent precision, so 0.1 + 0.2 stays 0.3. */
export function sumHours(values: readonly number[]): number {
  return Math.round(values.reduce((sum, h) => sum + h * 100, 0)) / 100;
}

export interface TaskLike {
  date: string;
  hours: number;
}

export interface DayGroup<T extends TaskLike> {
  date: string;
  /** day of the month, 1-31 */
  dayNumber: number;
  /** 'Monday' ... (en-GB) */
  weekday: string;
  tasks: T[];
  total: number;
}

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** spec §2: tasks grouped by day (day number and weekday name), each day with its total; days in order. */
export function groupTasksByDay<T extends TaskLike>(tasks: readonly T[]): DayGroup<T>[] {
  const byDate = new Map<string, T[]>();
  for (const task of tasks) {
    const list = byDate.get(task.date) ?? [];
    list.push(task);
    byDate.set(task.date, list);
  }
  return [...byDate.keys()].sort().map((date) => {
    const [y, m, d] = date.split('-').map(Number);
    const list = byDate.get(date) as T[];
    return { date, dayNumber: d, weekday: WEEKDAY.format(new Date(Date.UTC(y, m - 1, d))), tasks: list, total: sumHours(list.map((t) => t.hours)) };
  });
}
