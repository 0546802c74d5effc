import { lazy } from 'react';

// The feature's public surface: pages load lazily so each route is its own chunk.
export const TeamPage = lazy(() => import('./pages/TeamPage'));
export const ProfilePage = lazy(() => import('./pages/ProfilePage'));
/** The 'New employee' / 'Edit User Info' dialog, for the admin users table. */
export const MemberDialog = lazy(() => import('./components/MemberDialog'));
export type { MemberDialogProps } from './components/MemberDialog';
