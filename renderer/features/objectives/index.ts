import { lazy } from 'react';

// The feature's public surface: pages load lazily so each route is its own chunk.
export const ObjectivesPage = lazy(() => import('./pages/ObjectivesPage'));
export const ObjectiveDetailsPage = lazy(() => import('./pages/ObjectiveDetailsPage'));
export const ApprovalsPage = lazy(() => import('./pages/ApprovalsPage'));
export const ApprovalPage = lazy(() => import('./pages/ApprovalPage'));
