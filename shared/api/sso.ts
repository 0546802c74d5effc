import { z } from 'zod';
import { envelope } from './common';
import { loginResultSchema } from './auth';
import { LOGIN_MESSAGES } from '../rules/messages';

// Single sign-on (docs/operations.md 'Single sign-on'). OpenID Connect (authorization code with
// PKCE) and LDAP bind, configured on the hub; local passwords can be turned off by an admin.

/** How a sign-in happened; login_events.method records it. */
export const LOGIN_METHODS = ['password', 'oidc', 'ldap'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const SSO_MESSAGES = {
  oidcOff: 'Single sign-on with OpenID Connect is not set up on this hub.',
  ldapOff: 'Directory (LDAP) sign-in is not set up on this hub.',
  redirectUri: 'This redirect address is not allowed. Use the hub\'s own callback or a loopback address (http://127.0.0.1:{port}/callback).',
  unknownState: 'This sign-in was not started here or was already used. Please start again.',
  expiredState: 'This sign-in took too long and has expired. Please start again.',
  providerRefused: 'The identity provider refused the sign-in (the code may have expired or been used already). Please start again.',
  badIdToken: 'The identity provider\'s answer did not match this sign-in. Please start again.',
  providerUnreachable: 'The identity provider could not be reached. Please try again later.',
  directoryUnreachable: 'The company directory could not be reached. Please try again later.',
  noEmail: 'Your company account has no email address, so it cannot be matched to a hub user. Ask an administrator.',
  emailUnverified: 'Your company account\'s email address is not verified, so it cannot be matched to a hub user.',
  archived: 'Your hub account is archived. Ask an administrator to restore it.',
  localOff: 'Sign-in with a hub password is turned off. Use your company account.',
  otherBrowser: 'This sign-in was started in another browser or window. Please start again here.',
  denied: 'The sign-in was cancelled at the identity provider.',
} as const;

/** GET /auth/sso: what the login page offers (public, no secrets). */
export const ssoMethodsSchema = z.object({
  oidc: z.object({ providerName: z.string() }).nullable(),
  ldap: z.object({ label: z.string() }).nullable(),
  localPasswords: z.boolean(),
});
export type SsoMethods = z.infer<typeof ssoMethodsSchema>;
export const ssoMethodsResponseSchema = envelope(ssoMethodsSchema);

/**
 * POST /auth/oidc/start. Without redirectUri the hub's own callback (web); the desktop app
 * names its loopback listener (RFC 8252 §7.3).
 */
export const oidcStartBodySchema = z.object({
  redirectUri: z.string().max(500, SSO_MESSAGES.redirectUri).optional(),
});
export type OidcStartBody = z.infer<typeof oidcStartBodySchema>;
export const oidcStartResponseSchema = envelope(z.object({ authorizationUrl: z.string() }));

export const oidcCompleteBodySchema = z.object({
  code: z.string({ error: 'The sign-in code is missing.' }).min(1, 'The sign-in code is missing.').max(4000),
  state: z.string({ error: 'The sign-in state is missing.' }).min(1, 'The sign-in state is missing.').max(200),
  /** the provider's issuer, when it names itself in the redirect (RFC 9207) */
  iss: z.string().max(500).optional(),
});
export type OidcCompleteBody = z.infer<typeof oidcCompleteBodySchema>;

/** GET /auth/oidc/callback: what the provider sends back to the browser. */
export const oidcCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  errorDescription: z.string().max(1000).optional(),
  iss: z.string().max(500).optional(),
});

export const ldapLoginBodySchema = z.object({
  username: z.string({ error: LOGIN_MESSAGES.username }).trim().min(1, LOGIN_MESSAGES.username).max(100),
  password: z.string({ error: LOGIN_MESSAGES.password }).min(1, LOGIN_MESSAGES.password).max(500),
});
export type LdapLoginBody = z.infer<typeof ldapLoginBodySchema>;

/** Sign-ins through SSO answer exactly like POST /auth/login. */
export const ssoLoginResponseSchema = envelope(loginResultSchema);

/** GET/PUT /admin/sso: the admin's view of sign-in settings. */
export const ssoAdminSchema = z.object({
  localPasswordsEnabled: z.boolean(),
  /** keeps local sign-in whatever the setting, so nobody is locked out */
  bootstrapAdmin: z.string(),
  oidc: z.object({ providerName: z.string(), issuer: z.string() }).nullable(),
  ldap: z.object({ url: z.string() }).nullable(),
});
export type SsoAdmin = z.infer<typeof ssoAdminSchema>;
export const ssoAdminResponseSchema = envelope(ssoAdminSchema);

export const ssoAdminBodySchema = z.object({
  localPasswordsEnabled: z.boolean({ error: 'Choose whether local passwords are enabled.' }),
});
export type SsoAdminBody = z.infer<typeof ssoAdminBodySchema>;

/** What the loopback redirect of the desktop app must look like (RFC 8252 §7.3). */
export function isLoopbackCallback(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]') && url.pathname === '/callback' && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}
