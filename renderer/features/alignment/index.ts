import { lazy } from 'react';

// The feature's public surface: the page loads lazily so the route is its own chunk.
export const AlignmentPage = lazy(() => import('./pages/AlignmentPage'));
