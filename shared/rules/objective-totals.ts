// The objectives list counts its matches only up to a bound, as mail clients ("1–9 of
// many") and code search ("1,000+ results") do. An exact count over 70,000–240,000 visible rows
// cost more than the page itself. The cap is 100 (eleven pages of nine), not 1,000: the paginator
// shows five page numbers around the current one, "100+" already says "narrow the filters", and
// counting 1,001 matches through a broad filter (a job, public ones) was most of the list
// statement's time at 10,000 staff (5 of 7.5 ms), so the steady p99 missed 50 ms.

/** The list counts at least this many matches before it answers "this many or more". */
export const OBJECTIVES_TOTAL_CAP = 100;

/**
 * How far one list request counts: the cap, or five pages past the requested one when the user
 * has gone deeper, so the pages just ahead are always known to exist.
 */
export function objectivesTotalBound(page: number, limit: number): number {
  return Math.max(OBJECTIVES_TOTAL_CAP, (page - 1) * limit + 5 * limit);
}
