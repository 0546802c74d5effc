import { lazy, Suspense, type ReactNode } from 'react';
import { useHubCompat } from '../api/hub-compat';

const HubCompatNotice = lazy(() => import('./HubCompatNotice'));

/**
 * Sign-in, unless the desktop app and its hub are too far apart in version; then the
 * plain-words reason instead of a sign-in that would fail on a changed API. The web and an
 * unanswered check show sign-in as always.
 */
export function HubCompatGate({ children }: { children: ReactNode }) {
  const compat = useHubCompat();
  if (compat.status !== 'app-too-old' && compat.status !== 'hub-too-old') return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <HubCompatNotice title={compat.title} message={compat.message} />
    </Suspense>
  );
}
