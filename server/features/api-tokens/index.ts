// Personal API tokens: Settings → API tokens, Admin → API tokens, and what a token may reach.
// What other features may import of it; its routes are registered by server/app.ts. The tokens'
// table, lookup and ending live in auth, beside the sessions they are read with.

export { ApiTokenRateLimit } from './token-rate-limit';
export { apiTokenRefusal, SIGN_IN_ONLY_ROUTES } from './token-reach';
