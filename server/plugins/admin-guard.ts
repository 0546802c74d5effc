import type { FastifyRequest } from 'fastify';
import { canAdminister } from '../../shared/rules/admin-access';
import { forbidden } from '../http-errors';

/** spec §2/§6: every admin call needs view-admin and a role other than Guest; 403 otherwise. */
export function requireAdmin(request: FastifyRequest): void {
  if (!canAdminister(request.actor)) throw forbidden();
}

/** An onRequest hook for plugins whose every route is an admin route. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
