import { matchPath } from 'react-router-dom';
import { PATHS } from '../paths';

/**
 * The screens whose answers are kept for offline viewing (their queries carry meta.offline, see
 * ./runtime.ts): the dashboard's links, the directory, profiles, holidays and objectives. Any
 * other screen has nothing to show while the hub is away.
 */
export const KEPT_SCREENS: readonly string[] = [
  PATHS.home,
  PATHS.dashboard,
  PATHS.team,
  PATHS.profile,
  PATHS.holidays,
  PATHS.objectives,
  PATHS.objectiveDetails,
];

export function isKeptScreen(pathname: string): boolean {
  return KEPT_SCREENS.some((path) => matchPath(path, pathname) !== null);
}
