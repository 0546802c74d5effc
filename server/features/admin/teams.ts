import { and, eq, sql } from 'drizzle-orm';
import type { AdminTeam, TeamBody } from '../../../shared/api/admin';
import { ADMIN_MESSAGES } from '../../../shared/api/admin';
import { DELETE_BLOCKED, NAME_MESSAGES } from '../../../shared/rules/people-messages';
import type { Db } from '../../db/client';
import { teamMembers, teams, users } from '../../db/schema';
import { HttpError, notFound } from '../../http-errors';
import { assertNameFree, withUniqueName } from './admin-names';
import { recordAudit } from '../audit';

// The Teams tab (spec §2 Admin area, §4 teams are deleted permanently, §5 team name, §6 a team
// with non-deleted members cannot be deleted). Each change and its audit row share a transaction.

const view = (t: typeof teams.$inferSelect): AdminTeam => ({
  id: t.id, name: t.name, technology: t.technology, status: t.status === 'deleted' ? 'deleted' : 'active',
});

export async function createTeam(db: Db, actorId: number, body: TeamBody): Promise<AdminTeam> {
  return withUniqueName(NAME_MESSAGES.teamExists, () => db.transaction(async (tx) => {
    await assertNameFree(tx, 'team', body.name, NAME_MESSAGES.teamExists);
    const [row] = await tx.insert(teams).values({ name: body.name, technology: body.technology }).returning();
    await recordAudit(tx, actorId, { entity: 'team', entityId: row.id, action: 'create', after: view(row) });
    return view(row);
  }));
}

export async function updateTeam(db: Db, actorId: number, id: number, body: TeamBody): Promise<AdminTeam> {
  return withUniqueName(NAME_MESSAGES.teamExists, () => db.transaction(async (tx) => {
    const [before] = await tx.select().from(teams).where(eq(teams.id, id)).for('update');
    if (!before) throw notFound(ADMIN_MESSAGES.teamNotFound);
    await assertNameFree(tx, 'team', body.name, NAME_MESSAGES.teamExists, id);
    const [row] = await tx.update(teams).set({ name: body.name, technology: body.technology }).where(eq(teams.id, id)).returning();
    await recordAudit(tx, actorId, { entity: 'team', entityId: id, action: 'update', before: view(before), after: view(row) });
    return view(row);
  }));
}

/** 409 with the spec §8 text while a non-deleted member belongs to the team. */
export async function deleteTeam(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [team] = await tx.select().from(teams).where(eq(teams.id, id)).for('update');
    if (!team) throw notFound(ADMIN_MESSAGES.teamNotFound);
    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, id), eq(users.status, 'active')));
    if (Number(active?.n ?? 0) > 0) throw new HttpError(409, [{ message: DELETE_BLOCKED.team(team.name) }]);
    // Archived members' memberships, previous-team and manager rows go with it (ON DELETE CASCADE).
    await tx.delete(teams).where(eq(teams.id, id));
    await recordAudit(tx, actorId, { entity: 'team', entityId: id, action: 'delete', before: view(team) });
  });
}
