import { isoDay } from './dates';

/** objective-tracking §9: statistics default to the last 6 months, today included. */
export function defaultStatisticsRange(now: Date = new Date(), months = 6): { from: string; to: string } {
  const from = new Date(now);
  from.setMonth(from.getMonth() - months);
  return { from: isoDay(from), to: isoDay(now) };
}
