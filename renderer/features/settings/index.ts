import { lazy } from 'react';

// Which hub the app talks to (desktop only) and, once signed in, the person's theme, password,
// sessions and notification switches.
export const SettingsPage = lazy(() => import('./pages/SettingsPage'));
