import { API_TOKEN_MESSAGES as M, isAdminScope, isWriteScope, type ApiTokenScope } from '../../../shared/rules/api-tokens';

// docs/api.md 'API tokens': what a token may reach beyond what its person's rights allow (those the
// routes check as for any session). Keyed on the route as Fastify registered it, so a path's
// spelling cannot slip past.

/**
 * Routes that need the person signed in: a leaked token must not be able to lock its person out,
 * make more tokens, or give anyone more rights.
 */
export const SIGN_IN_ONLY_ROUTES: ReadonlySet<string> = new Set([
  // passwords
  'GET /api/auth/password',
  'POST /api/auth/password',
  'POST /api/admin/users/:id/password-reset',
  'PUT /api/admin/sso',
  // sessions
  'POST /api/auth/logout',
  'POST /api/auth/confirm-info',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/:id',
  'DELETE /api/auth/sessions',
  // tokens
  'GET /api/me/tokens',
  'POST /api/me/tokens',
  'DELETE /api/me/tokens/:id',
  'GET /api/admin/tokens',
  'DELETE /api/admin/tokens/:id',
  // roles, capabilities and access (a lead's flag is a lead's rights)
  'PUT /api/admin/users/:id/role',
  'POST /api/role',
  'PUT /api/role/:id',
  'DELETE /api/role/:id',
  'PATCH /api/role/:id/restore',
  'POST /api/user/teams',
]);

const READS = new Set(['GET', 'HEAD']);

/** Why a token of `scope` may not call `route` ('METHOD /api/pattern'), or null when its scope allows it. */
export function apiTokenRefusal(scope: ApiTokenScope, method: string, route: string): string | null {
  if (SIGN_IN_ONLY_ROUTES.has(route)) return M.signInOnly;
  if (!isAdminScope(scope) && route.startsWith(`${method} /api/admin/`)) return M.notAdmin;
  if (!READS.has(method) && !isWriteScope(scope)) return M.readOnly;
  return null;
}
