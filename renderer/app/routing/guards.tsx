import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import type { BarredArea } from '../../../shared/rules/permissions';
import { afterSignInPathAtom, firstLoginAtom, passwordMustChangeAtom, sessionEndedAtom, userAtom } from '../../lib/session/session';
import { Loading } from '../../lib/components/Loading';
import { decideGuard } from './guard';

/** Private routes: signed-out users go to login (with ret unless the session just ended). */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const sessionEnded = useAtomValue(sessionEndedAtom);
  const passwordMustChange = useAtomValue(passwordMustChangeAtom);
  const setAfterSignIn = useSetAtom(afterSignInPathAtom);
  const { pathname, search } = useLocation();
  const decision = decideGuard({ route: 'private', user, sessionEnded, passwordMustChange, pathname, search });
  // Once inside, a later visit to /login goes to the team page (spec §2), not the post-sign-in target.
  useEffect(() => {
    if (decision.action === 'render') setAfterSignIn(null);
  }, [decision.action, setAfterSignIn]);
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}

/** Admin, statistics and approvals: the barred role (and, for admin, anyone without view-admin) goes to the team page. */
export function RequireArea({ area, children }: { area: BarredArea; children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const { pathname, search } = useLocation();
  const decision = decideGuard({ route: 'private', user, sessionEnded: false, pathname, search, area });
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}

/** The public login route: a signed-in user (past the first-login stepper) goes to ret or onwards. */
export function LoginGate({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const firstLogin = useAtomValue(firstLoginAtom);
  const passwordMustChange = useAtomValue(passwordMustChangeAtom);
  const afterSignIn = useAtomValue(afterSignInPathAtom);
  const [params] = useSearchParams();
  const decision = decideGuard({ route: 'login', user, firstLogin, passwordMustChange, ret: params.get('ret'), afterSignIn });
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}
