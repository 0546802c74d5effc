import { actsWithoutApproval } from './objective-access';
import { canEnterArea } from './permissions';
import type { Actor } from './session-user';

// The objective-tracking area's own screens (objective-tracking §2), in the order its navigation
// lists them: the area nav on every /objective-tracking/* screen (renderer/app/shell/) and the
// desktop app's Go menu (electron/app-menu.ts) both read this table, so the two never disagree
// on a label, a path or who sees an entry. The paths are the router's (renderer/lib/paths.ts,
// which shared/ may not import: tests/unit/objective-area.test.ts holds them to it).

export const OBJECTIVE_AREA_KEYS = ['objectives', 'approvals', 'plans', 'timeline', 'statistics', 'alignment'] as const;
export type ObjectiveAreaKey = (typeof OBJECTIVE_AREA_KEYS)[number];

export interface ObjectiveAreaScreen {
  key: ObjectiveAreaKey;
  label: string;
  path: string;
  /** the area's other screens that belong to this entry (it is marked current there) */
  also?: readonly string[];
  /** who sees the entry, when not everyone does */
  shownTo?: (actor: Actor) => boolean;
}

/**
 * Who decides on approval requests: the roles that act without approval (design §3: team leads,
 * teams managers, owners), unless their role is the one barred from approvals (spec §6). The
 * same two rules the hub's approvals routes apply (server/features/objectives/approvals.ts): a member's
 * list is empty there, so the entry would only ever show them nothing.
 */
export function approvesObjectives(actor: Actor): boolean {
  return canEnterArea(actor, 'approvals') && actsWithoutApproval(actor);
}

export const OBJECTIVE_AREA_SCREENS: readonly ObjectiveAreaScreen[] = [
  { key: 'objectives', label: 'Objectives', path: '/objective-tracking/objectives', also: ['/objective-tracking/objective-details'] },
  { key: 'approvals', label: 'Approvals', path: '/objective-tracking/approvals', also: ['/objective-tracking/approval'], shownTo: approvesObjectives },
  { key: 'plans', label: 'Plans', path: '/objective-tracking/plans' },
  { key: 'timeline', label: 'Timeline', path: '/objective-tracking/timeline' },
  // spec §6: barred to one role, as the route guard and GET /statistics are
  { key: 'statistics', label: 'Statistics', path: '/objective-tracking/statistics', shownTo: (actor) => canEnterArea(actor, 'statistics') },
  { key: 'alignment', label: 'Alignment', path: '/objective-tracking/alignment' },
];

/** Every path of the area starts so (the side menu's Objective Tracking entry is current below it). */
export const OBJECTIVE_AREA_PREFIX = '/objective-tracking/';

/** The entries this person's area navigation shows: Approvals for approvers, Statistics for all but the barred role. */
export function objectiveAreaScreens(actor: Actor): ObjectiveAreaScreen[] {
  return OBJECTIVE_AREA_SCREENS.filter((screen) => !screen.shownTo || screen.shownTo(actor));
}

/** The entries no rule limits: what the desktop's Go menu offers while nobody is signed in. */
export const OPEN_AREA_KEYS: readonly ObjectiveAreaKey[] = OBJECTIVE_AREA_SCREENS.filter((screen) => !screen.shownTo).map((screen) => screen.key);

/** The area's entry a path belongs to, or null (an employee's evaluations belong to none). */
export function currentAreaScreen(pathname: string): ObjectiveAreaKey | null {
  const match = OBJECTIVE_AREA_SCREENS.find((screen) => [screen.path, ...(screen.also ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`)));
  return match?.key ?? null;
}
