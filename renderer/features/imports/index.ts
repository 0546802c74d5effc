import { lazy } from 'react';

// The imports feature's public surface: the admin 'Imports' view (design §3), for the admin
// page to show as a tab; lazy so its code loads only when opened.
export const ImportsPanel = lazy(() => import('./components/ImportsPanel'));
