import { hasCapability } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import { PATHS } from '../../lib/paths';

// spec §2: Dashboard, Super-Awesome Team, Time Tracking, Holidays, Admin (view-admin only),
// and the external Objective Tracking link. Settings joins them in the desktop app.

export interface MenuItem {
  key: string;
  label: string;
  path: string;
  /** other paths that light this entry up */
  also?: readonly string[];
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
  if (desktop) items.push({ key: 'settings', label: 'Settings', path: PATHS.settings });
  // issue 24: the alignment view, a screen of Objective Tracking inside the app
  items.push({ key: 'alignment', label: 'Alignment', path: PATHS.alignment });
  items.push({ key: 'objective-tracking', label: 'Objective Tracking', path: PATHS.objectives, external: true });
  return items;
}

/** The active entry is chosen by path; '/' only matches itself, longer paths match by prefix. */
export function isActive(item: MenuItem, pathname: string): boolean {
  if (item.external) return false;
  return [item.path, ...(item.also ?? [])].some((p) =>
    p === '/' ? pathname === '/' : p.endsWith('/') ? pathname.startsWith(p) : pathname === p || pathname.startsWith(`${p}/`),
  );
}
