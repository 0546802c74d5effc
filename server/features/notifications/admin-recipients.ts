import { and, eq, sql } from 'drizzle-orm';
import { ROLE_GUEST } from '../../../shared/rules/roles';
import type { DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';

/**
 * Who is told what only admins are told (ADMIN_NOTIFICATION_KINDS): active people whose active
 * role may administer, the Guest role never (shared/rules/admin-access.ts).
 */
export async function adminRecipients(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.status, 'active'), eq(roles.status, 'active'), sql`${roles.capabilities} ? 'VIEW_ADMIN'`, sql`${roles.name} <> ${ROLE_GUEST}`));
  return rows.map((r) => r.id);
}
