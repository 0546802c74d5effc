import { lazy } from 'react';

// The feature's public surface: pages load lazily so each route is its own chunk.
export const PlansPage = lazy(() => import('./pages/PlansPage'));
