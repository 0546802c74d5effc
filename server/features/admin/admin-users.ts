import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ADMIN_MESSAGES, type AdminUserRow, type AdminUsersQuery } from '../../../shared/api/admin';
import type { Ref } from '../../../shared/api/common';
import { isFormerEmployee } from '../../../shared/api/personal-data-erasure';
import { isCapability } from '../../../shared/rules/capabilities';
import { accessLabel } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db, DbOrTx } from '../../db/client';
import { jobs, roles, teamMembers, teams, users } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';
import { recordAudit } from '../audit';
import { assertSomeoneAdministers } from './roles';
import { assertMayChangeUserFields } from '../team';

// The admin Users table (spec §2): one page at a time, searched in the database (with
// 2,000 users the table never downloads everyone).

function usersWhere(query: Pick<AdminUsersQuery, 'search' | 'status'>): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(users.status, query.status)];
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(lower(${users.name}) like ${pattern} or lower(coalesce(${users.email}, '')) like ${pattern})`);
  }
  return and(...parts);
}

async function rowsFor(db: DbOrTx, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<AdminUserRow[]> {
  const base = db
    .select({
      id: users.id, name: users.name, username: users.username, phone: users.phone, email: users.email, joinDate: users.joinDate, status: users.status,
      jobId: jobs.id, jobName: jobs.name, roleId: roles.id, roleName: roles.name, roleStatus: roles.status, capabilities: roles.capabilities,
    })
    .from(users)
    .leftJoin(jobs, eq(jobs.id, users.jobId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(asc(users.name), asc(users.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  const ids = rows.map((r) => r.id);
  const memberships = ids.length
    ? await db.select({ userId: teamMembers.userId, id: teams.id, name: teams.name }).from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(inArray(teamMembers.userId, ids), eq(teams.status, 'active'))).orderBy(asc(teams.name))
    : [];
  const teamsOf = new Map<number, Ref[]>();
  for (const m of memberships) teamsOf.set(m.userId, [...(teamsOf.get(m.userId) ?? []), { id: m.id, name: m.name }]);
  return rows.map((r) => {
    // a deleted role grants nothing (session-user.ts), so its holders read as 'User'
    const caps = r.roleStatus === 'active' ? (r.capabilities ?? []).filter(isCapability) : [];
    return {
      id: r.id, name: r.name, username: r.username, phone: r.phone, email: r.email, joinDate: r.joinDate,
      status: r.status === 'deleted' ? 'deleted' : 'active',
      team: teamsOf.get(r.id) ?? [],
      job: r.jobId !== null && r.jobName !== null ? { id: r.jobId, name: r.jobName } : null,
      role: r.roleId !== null && r.roleName !== null ? { id: r.roleId, name: r.roleName } : null,
      accessLabel: accessLabel(caps),
    };
  });
}

export async function listAdminUsers(db: DbOrTx, query: AdminUsersQuery): Promise<{ items: AdminUserRow[]; total: number }> {
  const where = usersWhere(query);
  const [items, [{ total }]] = await Promise.all([
    rowsFor(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items, total: Number(total) };
}

/**
 * The Access column: gives a member another role. The member's next request already carries the
 * new rights (capabilities are loaded per request, never cached in the token).
 */
export async function setUserRole(db: Db, actor: Actor, userId: number, roleId: number): Promise<AdminUserRow> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, name: users.name, roleId: users.roleId }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    // the role is a user field of the one rule, like every other field a route writes
    const teamIds = (await tx.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId))).map((m) => m.id);
    assertMayChangeUserFields(actor, { id: userId, teamIds, erased: isFormerEmployee(user) }, [{ field: 'role', key: 'roleId', changed: roleId !== user.roleId }]);
    const [role] = await tx.select({ id: roles.id, name: roles.name, status: roles.status }).from(roles).where(eq(roles.id, roleId));
    if (!role || role.status !== 'active') throw badRequest(ADMIN_MESSAGES.roleUnknown, 'roleId');
    await tx.update(users).set({ roleId, updatedAt: new Date() }).where(eq(users.id, userId));
    await assertSomeoneAdministers(tx);
    const [previous] = user.roleId ? await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, user.roleId)) : [];
    await recordAudit(tx, actorId, {
      entity: 'user', entityId: userId, action: 'role',
      before: { name: user.name, roleId: user.roleId, role: previous?.name ?? null }, after: { name: user.name, roleId, role: role.name },
    });
    const [row] = await rowsFor(tx, eq(users.id, userId));
    return row;
  });
}
