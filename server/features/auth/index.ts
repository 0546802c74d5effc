// Signing in (password, OIDC, LDAP), sessions and their cache, passwords, and Settings → Sessions.
// What other features may import of it; its routes are registered by server/app.ts.

export { resetPassword } from './password-reset';
export { hashPassword } from './passwords';
export { SessionActivity } from './session-activity';
export { followSessionChanges, SessionCache, sessionOfToken } from './session-cache';
export { directManager, loadSessionUser } from './session-user';
export { endSessionsOf, hashToken, newToken, SESSION_TTL_MS } from './sessions';
export { apiTokenOf } from './api-token-lookup';
export { ApiTokenActivity } from './api-token-activity';
export { endApiTokensOf, isApiToken, newApiToken } from './api-tokens';
export { apiTokenActivity, apiTokens } from './api-tokens-schema';
export { oidcFlows } from './sso-schema';
export { NO_SSO, ssoConfigFromEnv, type SsoConfig } from './sso/config';
