import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { LoginPage } from '../features/auth';
import { AdminPage } from '../features/admin';
import { DashboardPage } from '../features/dashboard';
import { EmployeeDetailsPage } from '../features/evaluations';
import { HolidaysPage } from '../features/holidays';
import { ApprovalPage, ApprovalsPage, ObjectiveDetailsPage, ObjectivesPage } from '../features/objectives';
import { PlansPage } from '../features/plans';
import { SettingsPage } from '../features/settings';
import { StatisticsPage } from '../features/statistics';
import { ProfilePage, TeamPage } from '../features/team';
import { TimelinePage } from '../features/timeline';
import { TimeTrackingPage } from '../features/timetracking';
import { Loading } from '../lib/components/Loading';
import { userAtom } from '../lib/session/session';
import { isDesktop } from '../lib/transport';
import { NotFound } from './NotFound';
import { LoginGate, RequireArea, RequireSignedIn } from './routing/guards';
import { PATHS } from '../lib/paths';

// The shell is only for signed-in users, so it stays out of the bundle that loads before sign-in.
const ShellLayout = lazy(() => import('./shell/ShellLayout'));

function Shell() {
  return (
    <Suspense fallback={<Loading />}>
      <ShellLayout />
    </Suspense>
  );
}

/** Unknown paths: inside the shell for a signed-in user, on their own otherwise. */
function NotFoundRoute() {
  const user = useAtomValue(userAtom);
  if (!user) return <NotFound />;
  return (
    <Suspense fallback={<Loading />}>
      <ShellLayout>
        <NotFound />
      </ShellLayout>
    </Suspense>
  );
}

/** Settings (hub URL) exist only in the desktop app; reachable signed out, from the login page. */
function SettingsRoute() {
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
      { path: PATHS.holidays, element: <HolidaysPage /> },
      { path: PATHS.timetracking, element: <TimeTrackingPage /> },
      { path: PATHS.admin, element: <RequireArea area="admin"><AdminPage /></RequireArea> },
      { path: PATHS.objectives, element: <ObjectivesPage /> },
      { path: PATHS.plans, element: <PlansPage /> },
      { path: PATHS.objectiveDetails, element: <ObjectiveDetailsPage /> },
      { path: PATHS.approval, element: <ApprovalPage /> },
      { path: PATHS.approvals, element: <RequireArea area="approvals"><ApprovalsPage /></RequireArea> },
      { path: PATHS.timeline, element: <TimelinePage /> },
      { path: PATHS.employeeDetails, element: <EmployeeDetailsPage /> },
      { path: PATHS.statistics, element: <RequireArea area="statistics"><StatisticsPage /></RequireArea> },
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
];
