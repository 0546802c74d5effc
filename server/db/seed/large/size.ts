// The size of the large company, and the same shape scaled down for tests.

export interface LargeSize {
  staff: number;
  teams: number;
  objectives: number;
  keyResults: number;
  evaluations: number;
  /** Working days of time tasks per tracked person, counted back from today (a year ~ 260). */
  timeTaskDays: number;
}

export const LARGE_COMPANY: LargeSize = {
  staff: 10_000, teams: 200, objectives: 250_000, keyResults: 1_000_000, evaluations: 50_000, timeTaskDays: 260,
};

/** The same company shape at a fraction of the size (tests): everything scales with staff. */
export function scaledSize(staff: number): LargeSize {
  const f = staff / LARGE_COMPANY.staff;
  return {
    staff,
    teams: Math.max(10, Math.round(LARGE_COMPANY.teams * f)),
    objectives: Math.round(LARGE_COMPANY.objectives * f),
    keyResults: Math.round(LARGE_COMPANY.keyResults * f),
    evaluations: Math.round(LARGE_COMPANY.evaluations * f),
    timeTaskDays: LARGE_COMPANY.timeTaskDays,
  };
}

