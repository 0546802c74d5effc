import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Loading } from '../../lib/components/Loading';
import { OfflineAnnouncer } from '../../lib/offline/OfflineAnnouncer';
import { canQueueWrites } from '../../lib/offline-writes/can-queue';
import { useOffline } from '../../lib/offline/OfflineBanner';
import { isChunkLoadFailure, NotKeptOffline, OfflineScreenGate } from '../../lib/offline/OfflineScreen';
import { userAtom } from '../../lib/session/session';
import { getTransport } from '../../lib/transport';
import { ErrorBoundary } from '../ErrorBoundary';
import { AccountDrawer } from './AccountDrawer';
import { Footer } from './Footer';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { TeamDrawer } from './TeamDrawer';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  // a screen's content arrives after its data: the footer starts below the first view, so content
  // arriving never pushes it down in front of the person (Lighthouse counted that as a layout shift)
  main: { flexGrow: 1, minHeight: '100vh', width: '100%', maxWidth: '1440px', marginLeft: 'auto', marginRight: 'auto', boxSizing: 'border-box' },
  skip: {
    position: 'absolute', left: '-9999px', top: 0, zIndex: 100, padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground1,
    ':focus': { left: tokens.spacingHorizontalM, top: tokens.spacingVerticalM },
  },
});

type Panel = 'menu' | 'team' | 'account' | null;

// Desktop only, so the web app's shell does not carry it
const WriteQueueIndicator = lazy(() => import('../../lib/offline-writes/WriteQueueIndicator').then((m) => ({ default: m.WriteQueueIndicator })));

/** A screen's code that could not be fetched: asking the hub tells whether it is away (then the app goes offline). */
function askHubOnChunkFailure(error: Error): void {
  if (isChunkLoadFailure(error)) getTransport().request('GET', '/health').catch(() => undefined);
}

/** The application shell of spec §2: header, side menu, drawers, the routed screen and the footer. */
export default function ShellLayout({ children }: { children?: ReactNode }) {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  const [panel, setPanel] = useState<Panel>(null);
  const offline = useOffline();
  // WCAG 2.4.3: a drawer gives focus back to what opened it (the drawers open from state, not from a
  // Fluent trigger, so Fluent does not know where to return it)
  const opener = useRef<HTMLElement | null>(null);
  if (!user) return null; // the route guard has already sent a signed-out visitor to login
  const open = (next: Panel) => {
    if (panel === null) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPanel(next);
  };
  const close = () => {
    setPanel(null);
    const back = opener.current;
    opener.current = null;
    // after the drawer has released focus on its way out
    window.setTimeout(() => back?.isConnected && back.focus(), 0);
  };
  return (
    <div className={styles.root}>
      <a
        href="#main"
        className={styles.skip}
        // the hash router (desktop) would read #main as a route, so focus the content directly
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <Header
        user={user}
        menuOpen={panel === 'menu'}
        onMenu={() => (panel === 'menu' ? close() : open('menu'))}
        onTeam={() => open('team')}
        onAccount={() => open('account')}
      />
      <SideMenu user={user} open={panel === 'menu'} onClose={close} />
      <TeamDrawer open={panel === 'team'} onClose={close} />
      <AccountDrawer user={user} open={panel === 'account'} onClose={close} />
      <OfflineAnnouncer />
      <main id="main" className={styles.main} tabIndex={-1}>
        {canQueueWrites() && <Suspense fallback={null}><WriteQueueIndicator /></Suspense>}
        {/* offline, a screen that fails (its code could not be fetched) says it is not
            kept rather than 'Something went wrong', and tries again once the hub is back */}
        <ErrorBoundary resetKey={`${pathname} ${offline}`} fallback={offline ? <NotKeptOffline /> : undefined} onError={askHubOnChunkFailure}>
          {children ? (
            <Suspense fallback={<Loading />}>{children}</Suspense>
          ) : (
            <OfflineScreenGate pathname={pathname}>
              <Suspense fallback={<Loading />}><Outlet /></Suspense>
            </OfflineScreenGate>
          )}
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
