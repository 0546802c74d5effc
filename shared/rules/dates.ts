// Date formats named by the specs, in one place.

const pad = (n: number) => String(n).padStart(2, '0');

/** objective-tracking §9: deadlines are YYYY-MM-DD (local calendar day). */
export function isoDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** objective-tracking §9: last modified as DD-MM-YYYY HH:mm. */
export function formatLastModified(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** people-and-shell §9: join date in en-GB day/month/year. */
export function formatJoinDate(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : '';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** End of the deadline day, local time: an objective due today is not overdue until tomorrow. */
function deadlineEnd(deadline: string): Date {
  const [y, m, d] = deadline.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59, 999);
}

/**
 * objective-tracking §9: time left as days and hours, 0 if past; overdue from the deadline
 * minus now, in days.
 */
export function timeLeft(deadline: string, now: Date = new Date()): { days: number; hours: number; overdueDays: number } {
  const diff = deadlineEnd(deadline).getTime() - now.getTime();
  if (diff >= 0) {
    return { days: Math.floor(diff / DAY_MS), hours: Math.floor((diff % DAY_MS) / (60 * 60 * 1000)), overdueDays: 0 };
  }
  return { days: 0, hours: 0, overdueDays: Math.ceil(-diff / DAY_MS) };
}

/**
 * objective-tracking §9's bar: the share of the time from creation to the end of the deadline day
 * that has passed, 0 to 1, to the thousandth. Rounded because it becomes the bar's aria-valuenow:
 * a share a hair above 0 (an objective made a second ago) would be written 4e-7, which is no
 * number an assistive technology or axe accepts.
 */
export function timeUsed(deadline: string, createdAt: string, now: Date = new Date()): number {
  const end = deadlineEnd(deadline).getTime();
  const start = new Date(createdAt).getTime();
  const span = Math.max(DAY_MS, end - start);
  const share = 1 - (end - now.getTime()) / span;
  if (!Number.isFinite(share)) return 0;
  return Math.round(Math.min(1, Math.max(0, share)) * 1000) / 1000;
}

/** objective-tracking §8: '{n} days overdue'. */
export const overdueText = (n: number) => `${n} days overdue`;

/** Whole days from a to b (calendar days, YYYY-MM-DD), b - a. */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = a.split('-').map(Number);
  const [by, bm, bd] = b.split('-').map(Number);
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / DAY_MS);
}

/** Midnight UTC of a day; Date.UTC alone reads the years 0 to 99 as 1900 to 1999. */
function utcDay(y: number, monthIndex: number, d: number): Date {
  const date = new Date(Date.UTC(2000, monthIndex, d));
  date.setUTCFullYear(y, monthIndex, d);
  return date;
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = utcDay(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The same calendar day `years` later (earlier when negative); 29 February becomes the 28th off a leap year. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const year = y + years;
  const last = utcDay(year, m, 0).getUTCDate();
  return `${String(year).padStart(4, '0')}-${pad(m)}-${pad(Math.min(d, last))}`;
}
