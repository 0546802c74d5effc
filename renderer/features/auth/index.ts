import { lazy } from 'react';

// The feature's public surface: the login page loads lazily like every other route.
export const LoginPage = lazy(() => import('./pages/LoginPage'));
// Settings → Password (the settings page is itself a lazy chunk)
export { PasswordSettings } from './components/PasswordSettings';
// Admin → Sign-in (single sign-on's settings)
export { SignInSettings } from './sso';
