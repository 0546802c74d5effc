// Texts shown to users exactly as the spec writes them. One place; import, never retype.
export const LOGIN_MESSAGES = {
  username: 'Username is required',
  password: 'Password is required',
  wrongCredentials: 'Wrong username or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  forgotPassword: 'To change your password, please contact DevOps or an administrator.',
} as const;

export const SESSION_MESSAGES = {
  unauthorized: 'Your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  csrf: 'This request is missing the x-hub-request header.',
} as const;

export const TOAST_TEXT = { success: 'Successful', error: 'Failed' } as const;
export const NOT_FOUND_TEXT = 'Page not found';

/** Settings → Password, an admin's reset, and the one-time password's first sign-in. */
export const PASSWORD_MESSAGES = {
  currentRequired: 'Enter your current password.',
  currentWrong: 'The current password is not right.',
  newRequired: 'Enter a new password.',
  hint: 'At least 12 characters, not your username, not a common password. A few unrelated words work well.',
  tooShort: 'The new password must be at least 12 characters long.',
  tooLong: 'The new password must be at most 200 characters long.',
  hasUsername: 'The new password must not contain your username.',
  common: 'This password is too common or too easy to guess. Try a longer one, or a few unrelated words.',
  sameAsCurrent: 'The new password must be different from the current one.',
  confirmRequired: 'Enter the new password again.',
  confirmMismatch: 'The two new passwords are not the same.',
  tooManyAttempts: 'Too many wrong passwords. Please wait a few minutes and try again.',
  ssoOnly: 'You sign in with your company account, so your password is changed there, not on the hub.',
  mustChange: 'Choose a new password before you continue.',
  oneTimeIntro: 'An administrator gave you a one-time password. Choose your own password to continue.',
  changed: 'Password changed. Your other sessions were signed out.',
  resetSsoOnly: 'Local passwords are turned off: this person signs in with their company account, so there is no hub password to reset.',
  resetSelf: 'To change your own password, use Settings → Password.',
} as const;

/** Settings → Sessions. */
export const SESSIONS_MESSAGES = {
  notFound: 'This session has already ended.',
} as const;

/** look-alike usernames (shared/rules/username.ts). */
export const USERNAME_MESSAGES = {
  hidden: 'Username cannot contain invisible characters, control characters or line breaks.',
  lookAlike: 'Username looks like an existing username or email. Choose one that cannot be mistaken for it.',
} as const;
