import { and, asc, eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '../../../shared/api/admin';
import { ROLE_MESSAGES, type AdminRole, type RoleBody } from '../../../shared/api/roles';
import { isCapability } from '../../../shared/rules/capabilities';
import { UNDELETABLE_ROLES } from '../../../shared/rules/roles';
import type { Db, DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import { roles, users } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';
import { assertNameFree, withUniqueName } from './admin-names';
import { recordAudit } from '../audit';

// The Access tab (spec §2 roles with capability keys, §4 roles are deleted and restored, the role
// named 'User' cannot be deleted). Capabilities are read from the database on every request
// (session-user.ts), so a change applies to signed-in members at their next call.

// qualified(): in a single-table select Drizzle renders ${roles.id} unqualified, which the
// subquery reads as u.id.
const holders = sql<number>`(select count(*)::int from ${users} u where u.role_id = ${qualified(roles.id)} and u.status = 'active')`;

const view = (r: { id: number; name: string; status: string; capabilities: string[]; members: number }): AdminRole => ({
  id: r.id, name: r.name, status: r.status === 'deleted' ? 'deleted' : 'active',
  capabilities: r.capabilities.filter(isCapability), members: Number(r.members),
});

export async function listRoles(db: DbOrTx): Promise<AdminRole[]> {
  const rows = await db.select({ id: roles.id, name: roles.name, status: roles.status, capabilities: roles.capabilities, members: holders })
    .from(roles).orderBy(asc(roles.name));
  return rows.map(view);
}

async function roleById(db: DbOrTx, id: number): Promise<AdminRole | undefined> {
  const [row] = await db.select({ id: roles.id, name: roles.name, status: roles.status, capabilities: roles.capabilities, members: holders })
    .from(roles).where(eq(roles.id, id));
  return row && view(row);
}

/**
 * A change that would leave nobody able to open the admin area is refused: nobody could undo it
 * from the app. Runs inside the change's transaction, after the write, so it sees the result.
 */
export async function assertSomeoneAdministers(tx: DbOrTx): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.status, 'active'), eq(roles.status, 'active'), sql`${roles.capabilities} ? 'VIEW_ADMIN'`));
  if (Number(row?.n ?? 0) === 0) throw badRequest(ROLE_MESSAGES.lastAdmin);
}

const unique = (caps: readonly string[]) => [...new Set(caps)];

export async function createRole(db: Db, actorId: number, body: RoleBody): Promise<AdminRole> {
  return withUniqueName(ROLE_MESSAGES.nameExists, () => db.transaction(async (tx) => {
    await assertNameFree(tx, 'role', body.name, ROLE_MESSAGES.nameExists);
    const [row] = await tx.insert(roles).values({ name: body.name, capabilities: unique(body.capabilities) }).returning();
    const created = view({ ...row, members: 0 });
    await recordAudit(tx, actorId, { entity: 'role', entityId: row.id, action: 'create', after: created });
    return created;
  }));
}

async function lockRole(tx: DbOrTx, id: number): Promise<AdminRole> {
  await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
  const role = await roleById(tx, id);
  if (!role) throw notFound(ADMIN_MESSAGES.roleNotFound);
  return role;
}

export async function updateRole(db: Db, actorId: number, id: number, body: RoleBody): Promise<AdminRole> {
  return withUniqueName(ROLE_MESSAGES.nameExists, () => db.transaction(async (tx) => {
    const before = await lockRole(tx, id);
    // The rules name 'User' (and 'Team lead', 'Guest'); renaming them would silently change who they apply to.
    if (UNDELETABLE_ROLES.includes(before.name) && before.name !== body.name) throw badRequest(ROLE_MESSAGES.undeletable(before.name), 'name');
    await assertNameFree(tx, 'role', body.name, ROLE_MESSAGES.nameExists, id);
    await tx.update(roles).set({ name: body.name, capabilities: unique(body.capabilities) }).where(eq(roles.id, id));
    await assertSomeoneAdministers(tx);
    const after = (await roleById(tx, id)) as AdminRole;
    await recordAudit(tx, actorId, { entity: 'role', entityId: id, action: 'update', before, after });
    return after;
  }));
}

/** spec §4: roles are deleted softly (they can be restored); 'User' never. */
export async function setRoleStatus(db: Db, actorId: number, id: number, status: 'active' | 'deleted'): Promise<AdminRole> {
  return db.transaction(async (tx) => {
    const before = await lockRole(tx, id);
    if (status === 'deleted' && UNDELETABLE_ROLES.includes(before.name)) throw badRequest(ROLE_MESSAGES.undeletable(before.name));
    if (status === 'active' && before.status !== 'deleted') throw badRequest(ROLE_MESSAGES.notDeleted);
    // a second delete finds nothing to delete and writes no audit row (SECURITY.md 'Deleting twice')
    if (status === 'deleted' && before.status === 'deleted') throw notFound(ROLE_MESSAGES.alreadyDeleted);
    await tx.update(roles).set({ status }).where(eq(roles.id, id));
    if (status === 'deleted') await assertSomeoneAdministers(tx);
    const after = (await roleById(tx, id)) as AdminRole;
    await recordAudit(tx, actorId, { entity: 'role', entityId: id, action: status === 'deleted' ? 'delete' : 'restore', before, after });
    return after;
  });
}
