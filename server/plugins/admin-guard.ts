import type { FastifyRequest } from 'fastify';
import { canAdminister } from '../../shared/rules/admin-access';
import { API_TOKEN_MESSAGES, isAdminScope } from '../../shared/rules/api-tokens';
import { forbidden } from '../http-errors';

/**
 * spec §2/§6: every admin call needs view-admin and a role other than Guest; 403 otherwise. An API
 * token needs an admin scope as well, even its person's (docs/api.md 'API tokens').
 */
export function requireAdmin(request: FastifyRequest): void {
  if (!canAdminister(request.actor)) throw forbidden();
  if (request.apiToken && !isAdminScope(request.apiToken.scope)) throw forbidden(API_TOKEN_MESSAGES.notAdmin);
}

/** An onRequest hook for plugins whose every route is an admin route. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
