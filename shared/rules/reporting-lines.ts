// Reporting lines: who a member may report to. The member's direct manager is
// users.teamlead_id; it is edited by whoever may edit the member's restricted fields (spec §5,
// canEditRestrictedUserFields), and these checks keep the lines a tree the org chart can draw.

export const REPORTING_MESSAGES = {
  self: 'A person cannot report to themselves.',
  cycle: 'A person cannot report to someone who reports to them.',
} as const;

/**
 * Why `memberId` may not report to `managerId`, or null when they may. `managerOf` answers the
 * current direct manager of a person (null at the top). A chain that already loops (data from
 * before these checks) stops the walk rather than spinning forever.
 */
export function reportingLineError(
  memberId: number | null,
  managerId: number | null | undefined,
  managerOf: (id: number) => number | null | undefined,
): string | null {
  if (managerId == null || memberId === null) return null;
  if (managerId === memberId) return REPORTING_MESSAGES.self;
  const seen = new Set<number>();
  for (let id: number | null | undefined = managerId; id != null && !seen.has(id); id = managerOf(id)) {
    if (id === memberId) return REPORTING_MESSAGES.cycle;
    seen.add(id);
  }
  return null;
}

/**
 * The direct-manager choices the member dialog offers: never the member themself, and always the
 * manager they have now, in name order among the others (the list holds team leads, so
 * a manager who leads no team, the CEO say, showed as 'Not set').
 */
export function managerChoices<T extends { id: number; name: string }>(choices: readonly T[], memberId: number | null, current: T | null = null): T[] {
  const offered = memberId === null ? [...choices] : choices.filter((c) => c.id !== memberId);
  if (!current || current.id === memberId || offered.some((c) => c.id === current.id)) return offered;
  const at = offered.findIndex((c) => c.name.localeCompare(current.name) > 0);
  return at === -1 ? [...offered, current] : [...offered.slice(0, at), current, ...offered.slice(at)];
}
