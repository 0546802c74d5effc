// issue 10: the objectives list counts its matches only up to a bound, as mail clients ("1–9 of
// many") and code search ("1,000+ results") do. An exact count over 70,000–240,000 visible rows
// cost more than the page itself; nobody pages through a thousand objectives to check the figure.

/** The list counts at least this many matches before it answers "this many or more". */
export const OBJECTIVES_TOTAL_CAP = 1000;

/**
 * How far one list request counts: the cap, or five pages past the requested one when the user
 * has gone deeper, so the pages just ahead are always known to exist.
 */
export function objectivesTotalBound(page: number, limit: number): number {
  return Math.max(OBJECTIVES_TOTAL_CAP, (page - 1) * limit + 5 * limit);
}
