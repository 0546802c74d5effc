// Route paths of spec §2 in both files; used by the router, the menu and the guards.
export const PATHS = {
  login: '/login',
  settings: '/settings',
  home: '/',
  dashboard: '/dashboard',
  team: '/super-awesome-team',
  orgChart: '/org-chart',
  profile: '/profile/:id',
  holidays: '/holidays',
  timetracking: '/timetracking',
  admin: '/admin',
  objectives: '/objective-tracking/objectives',
  plans: '/objective-tracking/plans',
  objectiveDetails: '/objective-tracking/objective-details',
  approval: '/objective-tracking/approval',
  approvals: '/objective-tracking/approvals',
  timeline: '/objective-tracking/timeline',
  employeeDetails: '/objective-tracking/employee-details',
  statistics: '/objective-tracking/statistics',
  /** company, team and personal objectives and what supports what */
  alignment: '/objective-tracking/alignment',
} as const;

export const profilePath = (id: number): string => `/profile/${id}`;
