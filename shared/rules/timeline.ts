import { PRIORITIES, PRIORITY_COLORS, type Priority } from './constants';

// objective-tracking §9 Timeline: one day added to end dates; progress 100 for a completed
// objective or key result, otherwise 0 (objective) and 10 (key result); priority colours.

const DAY_MS = 86_400_000;

export function dayNumber(iso: string): number {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The bar ends at the end of its deadline day: deadline + 1 day (§9). */
export function endDay(deadline: string): number {
  return dayNumber(deadline) + 1;
}

/** A bar never ends before it starts (an objective made after its deadline day still shows a day). */
export function barSpan(start: string, deadline: string): { from: number; to: number } {
  const from = dayNumber(start);
  return { from: Math.min(from, endDay(deadline) - 1), to: endDay(deadline) };
}

/**
 * §9's bar progress from the status alone. The hub now sends each bar's progress by
 * objective-progress.ts (the cards' figure, 100 once completed as here); this stays for the
 * answers of a hub of the previous release, which send none.
 */
export function progressOf(kind: 'objective' | 'keyResult', status: string): number {
  if (status === 'completed') return 100;
  return kind === 'objective' ? 0 : 10;
}

export function priorityColor(priority: string): string {
  return (PRIORITIES as readonly string[]).includes(priority) ? PRIORITY_COLORS[priority as Priority] : PRIORITY_COLORS.medium;
}

/** Seven zoom levels, day to year: pixels per day and the unit of the axis ticks. */
export const ZOOM_LEVELS = [
  { name: 'Day', pxPerDay: 64, tick: 'day' },
  { name: 'Week', pxPerDay: 24, tick: 'week' },
  { name: 'Two weeks', pxPerDay: 12, tick: 'week' },
  { name: 'Month', pxPerDay: 5, tick: 'month' },
  { name: 'Quarter', pxPerDay: 2, tick: 'month' },
  { name: 'Half year', pxPerDay: 1, tick: 'quarter' },
  { name: 'Year', pxPerDay: 0.4, tick: 'year' },
] as const;
export type ZoomLevel = (typeof ZOOM_LEVELS)[number];

/** Zoom to fit: the most detailed level at which `days` fit in `width` pixels (else the widest). */
export function fitZoom(days: number, width: number): number {
  const index = ZOOM_LEVELS.findIndex((z) => days * z.pxPerDay <= width);
  return index === -1 ? ZOOM_LEVELS.length - 1 : index;
}

/** First days of each tick unit inside [from, to). */
export function ticks(from: number, to: number, unit: ZoomLevel['tick']): number[] {
  const out: number[] = [];
  for (let d = from; d < to; d++) {
    const date = new Date(d * DAY_MS);
    const dom = date.getUTCDate();
    const month = date.getUTCMonth();
    const hit =
      unit === 'day' ||
      (unit === 'week' && date.getUTCDay() === 1) ||
      (unit === 'month' && dom === 1) ||
      (unit === 'quarter' && dom === 1 && month % 3 === 0) ||
      (unit === 'year' && dom === 1 && month === 0);
    if (hit) out.push(d);
  }
  return out;
}

/** Tick label: 'Mon 05', '05 Jan', 'Jan 2026', 'Q1 2026', '2026'. */
export function tickLabel(day: number, unit: ZoomLevel['tick']): string {
  const date = new Date(day * DAY_MS);
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const dd = String(date.getUTCDate()).padStart(2, '0');
  if (unit === 'day') return `${date.toLocaleString('en-GB', { weekday: 'short', timeZone: 'UTC' })} ${dd}`;
  if (unit === 'week') return `${dd} ${month}`;
  if (unit === 'month') return `${month} ${date.getUTCFullYear()}`;
  if (unit === 'quarter') return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
  return String(date.getUTCFullYear());
}
