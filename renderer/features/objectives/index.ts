import { lazy } from 'react';

// The feature's public surface: pages load lazily so each route is its own chunk. Plans,
// timeline and statistics reuse the objective queries and small display pieces from here.
export const ObjectivesPage = lazy(() => import('./pages/ObjectivesPage'));
export const ObjectiveDetailsPage = lazy(() => import('./pages/ObjectiveDetailsPage'));
export const ApprovalsPage = lazy(() => import('./pages/ApprovalsPage'));
export const ApprovalPage = lazy(() => import('./pages/ApprovalPage'));

export { OBJECTIVE_KEY, useObjective, useObjectiveChoices, useObjectiveList } from './api/objectives';
export { useApprovalsWaiting } from './api/approvals';
export { DeadlineBar } from './components/DeadlineBar';
export { StatusBadge } from './components/StatusBadge';
export { LevelBadge } from './components/LevelBadge';
export { useAlignmentSearch } from './api/alignment';
export { ObjectiveSummary } from './components/ObjectiveSummary';
export { ObjectiveRefLink } from './components/ObjectiveRefLink';
export { KeyResultCard } from './components/KeyResultCard';
export { detailsPath } from './paths';
