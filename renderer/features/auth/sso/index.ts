// Single sign-on on the login page and the admin area's Sign-in tab.
export { SignInMethods } from './components/SignInMethods';
export { SignInSettings } from './components/SignInSettings';
