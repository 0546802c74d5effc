import { lazy, Suspense } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Loading } from '../lib/components/Loading';
import { userAtom } from '../lib/session/session';
import { isDesktop } from '../lib/transport';
import { NotFound } from './NotFound';
import { LoginGate, RequireArea, RequireSignedIn } from './routing/guards';
import { PATHS } from '../lib/paths';
import { appPathFromShortPath } from '../../shared/rules/app-links';
import { FROM_APP_LINK_STATE } from '../lib/copy-link';

// Every screen is its own chunk, loaded on first visit. The route table names the page modules
// itself rather than importing feature index files: an index may also export hooks and components
// for other features, and a static import of it would pull those into the first bundle (the budget:
// under 200 KB before sign-in, guarded by tests/e2e/bundle.test.ts).
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const SettingsPage = lazy(() => import('../features/settings/pages/SettingsPage'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const TeamPage = lazy(() => import('../features/team/pages/TeamPage'));
const ProfilePage = lazy(() => import('../features/team/pages/ProfilePage'));
const OrgChartPage = lazy(() => import('../features/org-chart/pages/OrgChartPage'));
const HolidaysPage = lazy(() => import('../features/holidays/pages/HolidaysPage'));
const TimeTrackingPage = lazy(() => import('../features/timetracking/pages/TimeTrackingPage'));
const AdminPage = lazy(() => import('../features/admin/pages/AdminPage'));
const ObjectivesPage = lazy(() => import('../features/objectives/pages/ObjectivesPage'));
const ObjectiveDetailsPage = lazy(() => import('../features/objectives/pages/ObjectiveDetailsPage'));
const ApprovalsPage = lazy(() => import('../features/objectives/pages/ApprovalsPage'));
const ApprovalPage = lazy(() => import('../features/objectives/pages/ApprovalPage'));
const PlansPage = lazy(() => import('../features/plans/pages/PlansPage'));
const TimelinePage = lazy(() => import('../features/timeline/pages/TimelinePage'));
const StatisticsPage = lazy(() => import('../features/statistics/pages/StatisticsPage'));
const AlignmentPage = lazy(() => import('../features/alignment/pages/AlignmentPage'));
const EmployeeDetailsPage = lazy(() => import('../features/evaluations/pages/EmployeeDetailsPage'));

// The shell is only for signed-in users, so it stays out of the bundle that loads before sign-in.
const ShellLayout = lazy(() => import('./shell/ShellLayout'));
// The objective-tracking area's layout (its own navigation), loaded with the first of its screens.
const ObjectiveArea = lazy(() => import('./shell/ObjectiveArea'));

function Shell() {
  return (
    <Suspense fallback={<Loading />}>
      <ShellLayout />
    </Suspense>
  );
}

/**
 * Unknown paths: inside the shell for a signed-in user, on their own otherwise. A link's short
 * path (/objective/123, /approvals: shared/rules/app-links.ts) goes to its screen
 * instead, whose guard sends a signed-out visitor through sign-in and back to it.
 */
function NotFoundRoute() {
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  const linked = appPathFromShortPath(pathname);
  if (linked) return <Navigate to={linked} replace state={FROM_APP_LINK_STATE} />;
  if (!user) return <NotFound />;
  return (
    <Suspense fallback={<Loading />}>
      <ShellLayout>
        <NotFound />
      </ShellLayout>
    </Suspense>
  );
}

/**
 * Settings: the hub URL (desktop only, reachable signed out from the login page) and, once
 * signed in, the person's own settings, which the web build has too. Signed in it is inside the
 * shell, header and side menu, like every other screen, behind the same guard.
 */
function SettingsRoute() {
  const user = useAtomValue(userAtom);
  if (user) {
    return (
      <RequireSignedIn>
        <Suspense fallback={<Loading />}>
          <ShellLayout>
            <SettingsPage />
          </ShellLayout>
        </Suspense>
      </RequireSignedIn>
    );
  }
  if (!isDesktop()) return <NotFound />;
  return (
    <Suspense fallback={<Loading />}>
      <SettingsPage />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  { path: PATHS.login, element: <LoginGate><LoginPage /></LoginGate> },
  { path: PATHS.settings, element: <SettingsRoute /> },
  {
    element: <RequireSignedIn><Shell /></RequireSignedIn>,
    children: [
      { path: PATHS.home, element: <DashboardPage /> },
      { path: PATHS.dashboard, element: <DashboardPage /> },
      { path: PATHS.team, element: <TeamPage /> },
      { path: PATHS.profile, element: <ProfilePage /> },
      { path: PATHS.orgChart, element: <OrgChartPage /> },
      { path: PATHS.holidays, element: <HolidaysPage /> },
      { path: PATHS.timetracking, element: <TimeTrackingPage /> },
      { path: PATHS.admin, element: <RequireArea area="admin"><AdminPage /></RequireArea> },
      {
        element: <ObjectiveArea />,
        children: [
          { path: PATHS.objectives, element: <ObjectivesPage /> },
          { path: PATHS.plans, element: <PlansPage /> },
          { path: PATHS.objectiveDetails, element: <ObjectiveDetailsPage /> },
          { path: PATHS.approval, element: <ApprovalPage /> },
          { path: PATHS.approvals, element: <RequireArea area="approvals"><ApprovalsPage /></RequireArea> },
          { path: PATHS.timeline, element: <TimelinePage /> },
          { path: PATHS.employeeDetails, element: <EmployeeDetailsPage /> },
          { path: PATHS.alignment, element: <AlignmentPage /> },
          { path: PATHS.statistics, element: <RequireArea area="statistics"><StatisticsPage /></RequireArea> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
];
