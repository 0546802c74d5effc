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
