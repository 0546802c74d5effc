// Date helpers for the seed. Every demo date is relative to `now`, so a demo seeded today
// shows overdue objectives, this month's hours and next month's holidays like a live company.

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD in UTC: date columns are plain dates, and UTC keeps the seed timezone-independent. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addMonths(date: Date, months: number): Date {
  const copy = new Date(date.getTime());
  copy.setUTCMonth(copy.getUTCMonth() + months);
  return copy;
}

/** Midnight UTC of the same day. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

export function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

export function parseIsoDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}
