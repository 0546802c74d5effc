import { lazy } from 'react';

// Desktop only: which hub the app talks to, and how the session token is kept.
export const SettingsPage = lazy(() => import('./pages/SettingsPage'));
