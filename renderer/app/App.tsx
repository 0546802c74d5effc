import { lazy, Suspense } from 'react';
import { BrowserRouter, HashRouter, useRoutes } from 'react-router-dom';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { UpdateBar } from '../features/desktop-updates';
import { appStore, queryClient } from '../lib/store';
import { useConfirmSession } from '../lib/session/restore';
import { userAtom } from '../lib/session/session';
import { ThemeProvider } from '../lib/theme';
import { isDesktop } from '../lib/transport';
import { ErrorBoundary } from './ErrorBoundary';
import { routes } from './routes';
import { useFocusReturn } from './routing/focus-return';
import { useGoMenuAreaScreens } from './routing/go-menu';
import { useOpenLinks } from './routing/open-links';
import { useModalLeakFix } from './routing/use-modal-leak-fix';

const AppToaster = lazy(() => import('./AppToaster'));
// The built-in hub's banner, desktop only (the web's first load keeps its budget)
const HubStatusBanner = lazy(() => import('../lib/hub-status/HubStatusBanner'));

// From file:// (Electron) there is no server to answer deep paths, so routes live in the hash;
// on the hub, real paths (it falls back to index.html for every non-API path). The declarative
// routers keep the data-router machinery (loaders, actions) out of the first bundle.
const Router = typeof window !== 'undefined' && window.location.protocol === 'file:' ? HashRouter : BrowserRouter;

function AppRoutes() {
  useConfirmSession();
  useModalLeakFix();
  useFocusReturn();
  useOpenLinks();
  useGoMenuAreaScreens();
  return useRoutes(routes);
}

function Toasts() {
  const user = useAtomValue(userAtom);
  // Desktop Settings toasts while signed out; on the web nothing toasts before sign-in.
  if (!user && !isDesktop()) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function App() {
  return (
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
          {isDesktop() && (
            <Suspense fallback={null}>
              <HubStatusBanner />
            </Suspense>
          )}
          <ErrorBoundary>
            <Router>
              <AppRoutes />
            </Router>
          </ErrorBoundary>
          <Toasts />
          {/* 'Update 1.3.0 is ready', desktop only */}
          {isDesktop() && (
            <Suspense fallback={null}>
              <UpdateBar />
            </Suspense>
          )}
        </ThemeProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
