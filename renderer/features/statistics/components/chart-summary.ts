import type { ByTeamEntry } from '../../../../shared/api/statistics';

// Each chart's words for those who cannot see it, built from the figures it draws (the
// hub's, as chart-options.ts draws them) and tied to it as its description. The table beside it
// keeps every number; a summary says what the picture shows at a glance.

export interface CountedRow {
  name: string;
  inTime: number;
  overdue: number;
}

/** More teams than this: the largest are named and the rest counted (the table lists them all). */
export const TEAMS_NAMED = 5;

/** 'a', 'a and b', 'a, b and c' */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The names with the largest count; ties all named. */
function largest(rows: ReadonlyArray<{ name: string; count: number }>): string {
  const top = Math.max(...rows.map((r) => r.count));
  return listed(rows.filter((r) => r.count === top).map((r) => r.name));
}

const inAll = (total: number) => `${total} in all`;

/**
 * The stacked in-time/overdue bars by status or category:
 * 'Objectives by status, 19 in all: 12 completed (2 overdue), 5 in progress, 2 rejected; most: completed.'
 * Rows with none are left out, as the bars show nothing for them.
 */
export function splitSummary(title: string, rows: readonly CountedRow[]): string {
  const counted = rows.map((r) => ({ name: r.name, count: r.inTime + r.overdue, overdue: r.overdue })).filter((r) => r.count > 0);
  if (counted.length === 0) return `${title}: none.`;
  const total = counted.reduce((sum, r) => sum + r.count, 0);
  const parts = counted.map((r) => `${r.count} ${r.name}${r.overdue > 0 ? ` (${r.overdue} overdue)` : ''}`);
  return `${title}, ${inAll(total)}: ${parts.join(', ')}; most: ${largest(counted)}.`;
}

/**
 * The bars per team: 'Objectives by team, 12 in all: 8 in DevOps, 4 in Frontend; most: DevOps.'
 * Past TEAMS_NAMED teams, the largest ones and how many more.
 */
export function teamSummary(title: string, teams: readonly ByTeamEntry[]): string {
  const counted = teams.map((t) => ({ name: t.team.name, count: t.total })).filter((t) => t.count > 0);
  if (counted.length === 0) return `${title}: none.`;
  const total = counted.reduce((sum, t) => sum + t.count, 0);
  const named = counted.length > TEAMS_NAMED ? [...counted].sort((a, b) => b.count - a.count).slice(0, TEAMS_NAMED) : counted;
  const more = counted.length - named.length;
  const parts = named.map((t) => `${t.count} in ${t.name}`).join(', ');
  const rest = more > 0 ? ` and ${more} more team${more === 1 ? '' : 's'}` : '';
  return `${title}, ${inAll(total)}: ${parts}${rest}; most: ${largest(counted)}.`;
}
