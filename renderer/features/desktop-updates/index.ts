import { lazy } from 'react';

// The desktop app's side of updates and the version check: the bar the app shell
// mounts in desktop mode, and the gate the login page puts around sign-in.
export const UpdateBar = lazy(() => import('./components/UpdateBar'));
export { HubCompatGate } from './components/HubCompatGate';
