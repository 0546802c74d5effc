import { hasCapability } from '../../../shared/rules/permissions';
import { OBJECTIVE_AREA_PREFIX } from '../../../shared/rules/objective-area';
import type { Actor } from '../../../shared/rules/session-user';
import { PATHS } from '../../lib/paths';

// spec §2: Dashboard, Super-Awesome Team, Time Tracking, Holidays, Admin (view-admin only), and
// the Objective Tracking link. The spec's product was two sites, so on the web that link opens
// the area in a new tab, as written; the desktop app is one window with one offline cache, so
// there it opens the area in the window. The area's own screens (Approvals, Plans, Alignment…)
// are in its navigation (./ObjectiveAreaNav.tsx), not here. Settings is a screen of the shell
// on the web too (the person's own settings), so it has its entry on both.

export interface MenuItem {
  key: string;
  label: string;
  path: string;
  /** other paths that light this entry up; one ending in '/' lights it for every path below */
  also?: readonly string[];
  /** opens in a new tab (the web's Objective Tracking link) */
  external?: boolean;
}

export function menuItems(user: Pick<Actor, 'capabilities'>, desktop: boolean): MenuItem[] {
  const items: MenuItem[] = [
    { key: 'dashboard', label: 'Dashboard', path: PATHS.dashboard, also: [PATHS.home] },
    { key: 'team', label: 'Super-Awesome Team', path: PATHS.team, also: ['/profile/'] },
    { key: 'org-chart', label: 'Org Chart', path: PATHS.orgChart },
    { key: 'timetracking', label: 'Time Tracking', path: PATHS.timetracking },
    { key: 'holidays', label: 'Holidays', path: PATHS.holidays },
  ];
  if (hasCapability(user, 'VIEW_ADMIN')) items.push({ key: 'admin', label: 'Admin', path: PATHS.admin });
  items.push({ key: 'settings', label: 'Settings', path: PATHS.settings });
  items.push({
    key: 'objective-tracking', label: 'Objective Tracking', path: PATHS.objectives, also: [OBJECTIVE_AREA_PREFIX], ...(desktop ? {} : { external: true }),
  });
  return items;
}

/** The active entry is chosen by path; '/' only matches itself, longer paths match by prefix. */
export function isActive(item: MenuItem, pathname: string): boolean {
  return [item.path, ...(item.also ?? [])].some((p) =>
    p === '/' ? pathname === '/' : p.endsWith('/') ? pathname.startsWith(p) : pathname === p || pathname.startsWith(`${p}/`),
  );
}
