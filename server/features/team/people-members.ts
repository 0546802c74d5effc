import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { MEMBER_CONFLICT, type CreateMemberBody, type UpdateMemberBody } from '../../../shared/api/people';
import { ERASURE_MESSAGES, isFormerEmployee } from '../../../shared/api/personal-data-erasure';
import { DEFAULT_LEARNING_AND_DEV_EUR, DEFAULT_TEAM_BUILDINGS_RON } from '../../../shared/rules/constants';
import { reportingLineError } from '../../../shared/rules/reporting-lines';
import { ROLE_USER } from '../../../shared/rules/roles';
import type { Actor } from '../../../shared/rules/session-user';
import { USERNAME_MESSAGES } from '../../../shared/rules/messages';
import { normaliseUsername, sameUsername } from '../../../shared/rules/username';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog, jobs, roles, teamMembers, teams, users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http-errors';
import type { LoadedMember } from './people-profile';
import { assertMayChangeUserFields, sameIdSet, type FieldChange } from './user-field-guard';
import { endApiTokensOf, endSessionsOf } from '../auth';
import { tellPerson } from '../webhooks';
import { looksLikeAnother, skeletonsOf } from './username-skeletons';

// The member dialog (spec §2 'Member dialog', §5 member rules) and archive / restore (spec §4).

async function checkReferences(db: DbOrTx, body: { teamIds: number[]; jobId: number; teamleadId?: number | null }, memberId: number | null) {
  const found = await db.select({ id: teams.id }).from(teams).where(and(inArray(teams.id, body.teamIds), eq(teams.status, 'active')));
  if (found.length !== new Set(body.teamIds).size) throw badRequest(MEMBER_CONFLICT.unknownTeam, 'team_ids');
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, body.jobId));
  if (!job) throw badRequest(MEMBER_CONFLICT.unknownJob, 'job_id');
  if (body.teamleadId != null) {
    const [lead] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, body.teamleadId), eq(users.status, 'active')));
    if (!lead) throw badRequest(MEMBER_CONFLICT.unknownManager, 'teamlead_id');
    const loop = reportingLineError(memberId, body.teamleadId, managerLookup(await managerChain(db, body.teamleadId)));
    if (loop) throw badRequest(loop, 'teamlead_id');
  }
}

/** The direct managers above `from` (reporting lines stay a tree), in one query. */
async function managerChain(db: DbOrTx, from: number): Promise<Array<{ id: number; managerId: number | null }>> {
  // UNION (not UNION ALL) ends the walk on a chain that already loops.
  const result = await db.execute(sql`with recursive chain(id, manager_id) as (
      select id, teamlead_id from ${users} where id = ${from}
      union
      select u.id, u.teamlead_id from ${users} u join chain c on u.id = c.manager_id
    ) select id, manager_id as "managerId" from chain`);
  return (result as unknown as { rows: Array<{ id: number; managerId: number | null }> }).rows;
}

const managerLookup = (rows: Array<{ id: number; managerId: number | null }>) => {
  const byId = new Map(rows.map((r) => [Number(r.id), r.managerId === null ? null : Number(r.managerId)]));
  return (id: number) => byId.get(id) ?? null;
};

/** `newUsername`: the username is new to this account, so it may not look like anyone else's name either. */
async function checkUnique(db: DbOrTx, email: string, username: string, exceptId: number | null, newUsername: boolean) {
  const others = exceptId === null ? undefined : ne(users.id, exceptId);
  const [byEmail] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = lower(${email})`, others));
  if (byEmail) throw badRequest(MEMBER_CONFLICT.email, 'email');
  const [byUsername] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.username}) = lower(${username})`, others));
  if (byUsername) throw badRequest(MEMBER_CONFLICT.username, 'username');
  // 'аdmin' (Cyrillic а) or 'admín' beside 'admin', or beside someone's address admin@…: a name kept
  // before this rule is not refused when its account is saved again, only a name being given
  if (newUsername && (await looksLikeAnother(db, username, exceptId))) throw badRequest(USERNAME_MESSAGES.lookAlike, 'username');
}

const audit = (db: DbOrTx, actor: Actor, entityId: number, action: string, before: unknown, after: unknown) =>
  db.insert(auditLog).values({ actorId: actor.id, entity: 'user', entityId: String(entityId), action, before, after });

/** POST /user. New members get the 'User' role and the spec §9 bitstone defaults. */
export async function createMember(db: Db, actor: Actor, body: CreateMemberBody): Promise<number> {
  // body.username arrives normalised (shared/api/username.ts); the default from the email too
  const username = body.username || normaliseUsername(body.email.split('@')[0]);
  return db.transaction(async (tx) => {
    await checkReferences(tx, body, null);
    await checkUnique(tx, body.email, username, null, true);
    const [userRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ROLE_USER));
    const [created] = await tx.insert(users).values({
      name: body.name, username, email: body.email, ...skeletonsOf(username, body.email), phone: body.phone, jobId: body.jobId, roleId: userRole?.id ?? null,
      teamleadId: body.teamleadId ?? null, joinDate: body.joinDate, registered: false,
      extras: { bitstoneInfo: { learningAndDev: DEFAULT_LEARNING_AND_DEV_EUR, teamBuildings: DEFAULT_TEAM_BUILDINGS_RON } },
    }).returning({ id: users.id });
    await tx.insert(teamMembers).values([...new Set(body.teamIds)].map((teamId) => ({ userId: created.id, teamId })));
    await audit(tx, actor, created.id, 'create', null, body);
    await tellPerson(tx, 'person.joined', created.id, actor.id);
    return created.id;
  });
}

/** What a PUT /user body changes, field by field; `username` is the value that would be stored. */
function memberChanges(member: LoadedMember, body: UpdateMemberBody, username: string): FieldChange[] {
  const { row, target } = member;
  return [
    { field: 'name', key: 'name', changed: body.name !== row.name },
    { field: 'phone', key: 'phone', changed: body.phone !== row.phone },
    { field: 'email', key: 'email', changed: body.email !== row.email },
    // a username stored before the normal form (SECURITY.md 'Usernames') is unchanged when sent back as it reads
    { field: 'username', key: 'username', changed: !sameUsername(username, row.username) },
    { field: 'job', key: 'jobId', changed: body.jobId !== row.jobId },
    { field: 'teams', key: 'teamIds', changed: !sameIdSet(body.teamIds, target.teamIds) },
    { field: 'directManager', key: 'teamleadId', changed: body.teamleadId !== undefined && body.teamleadId !== row.teamleadId },
    { field: 'joinDate', key: 'joinDate', changed: body.joinDate !== undefined && body.joinDate !== row.joinDate },
  ];
}

/**
 * PUT /user/:id. Each changed field goes through the user-fields rule (SECURITY.md 'Who may change which user field'): a field the
 * caller may not change is refused with its name, never ignored; its current value passes.
 */
export async function updateMember(db: Db, actor: Actor, member: LoadedMember, body: UpdateMemberBody): Promise<void> {
  const { row, target } = member;
  // look-alike usernames (SECURITY.md 'Usernames'): body.username arrives in the normal form sign-in looks up
  // (shared/api/username.ts), so the comparison and the uniqueness check see that form.
  const username = body.username || row.username;
  const changes = memberChanges(member, body, username);
  assertMayChangeUserFields(actor, target, changes);
  const changed = (field: FieldChange['field']) => changes.some((c) => c.field === field && c.changed);
  // the form sent back as it is: nothing to write, and no audit row for an edit that did not happen
  if (!changes.some((c) => c.changed)) return;
  await db.transaction(async (tx) => {
    // Only a changed line is checked for loops, so a member's own save never trips on old data.
    await checkReferences(tx, body, changed('directManager') ? row.id : null);
    await checkUnique(tx, body.email, username, row.id, changed('username'));
    await tx.update(users).set({
      name: body.name, username, email: body.email, ...skeletonsOf(username, body.email), phone: body.phone, jobId: body.jobId,
      teamleadId: body.teamleadId === undefined ? row.teamleadId : body.teamleadId,
      joinDate: body.joinDate === undefined ? row.joinDate : body.joinDate,
      updatedAt: new Date(),
    }).where(eq(users.id, row.id));
    if (changed('teams')) await replaceTeams(tx, row.id, body.teamIds, null);
    await audit(tx, actor, row.id, 'update', { name: row.name, email: row.email, jobId: row.jobId, teamIds: target.teamIds }, body);
    await tellPerson(tx, 'person.changed', row.id, actor.id);
  });
}

/** Keeps the lead flag of teams the member stays in unless `isLead` says otherwise. */
async function replaceTeams(tx: DbOrTx, userId: number, teamIds: number[], isLead: boolean | null) {
  const current = await tx.select().from(teamMembers).where(eq(teamMembers.userId, userId));
  await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
  const unique = [...new Set(teamIds)];
  if (unique.length === 0) return;
  await tx.insert(teamMembers).values(unique.map((teamId) => ({
    userId, teamId, isLead: isLead ?? current.find((m) => m.teamId === teamId)?.isLead ?? false,
  })));
}

/**
 * POST /user/teams (spec §6: owners set a user's teams and line-manager flag). The flag is set on
 * every listed team; it changes where a kept or new team's current flag differs (the user-fields rule, SECURITY.md 'Who may change which user field').
 */
export async function setMemberTeams(db: Db, actor: Actor, member: LoadedMember, teamIds: number[], isLineManager: boolean): Promise<void> {
  const userId = member.row.id;
  await db.transaction(async (tx) => {
    const current = await tx.select({ teamId: teamMembers.teamId, isLead: teamMembers.isLead }).from(teamMembers).where(eq(teamMembers.userId, userId));
    const leadOf = new Map(current.map((m) => [m.teamId, m.isLead]));
    const changes: FieldChange[] = [
      { field: 'teams', key: 'teams', changed: !sameIdSet(teamIds, member.target.teamIds) },
      { field: 'lineManager', key: 'isLineManager', changed: teamIds.some((id) => (leadOf.get(id) ?? false) !== isLineManager) },
    ];
    assertMayChangeUserFields(actor, member.target, changes);
    if (!changes.some((c) => c.changed)) return;
    if (teamIds.length > 0) {
      const found = await tx.select({ id: teams.id }).from(teams).where(and(inArray(teams.id, teamIds), eq(teams.status, 'active')));
      if (found.length !== new Set(teamIds).size) throw badRequest(MEMBER_CONFLICT.unknownTeam, 'teams');
    }
    await replaceTeams(tx, userId, teamIds, isLineManager);
    await audit(tx, actor, userId, 'teams', null, { teamIds, isLineManager });
  });
}

/** DELETE /user/:id and PATCH /user/:id/restore (spec §4: active ⇄ deleted). */
export async function setMemberStatus(db: Db, actor: Actor, userId: number, status: 'active' | 'deleted'): Promise<void> {
  await db.transaction(async (tx) => {
    // an erased person is an anonymous record of the company's, nobody to bring back
    if (status === 'active') {
      const [row] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
      if (row && isFormerEmployee(row)) throw new HttpError(409, [{ message: ERASURE_MESSAGES.restoreErased }]);
    }
    const now = new Date();
    // retention counts an archived person's period from archivedAt
    const [changed] = await tx.update(users).set({ status, archivedAt: status === 'deleted' ? now : null, updatedAt: now }).where(and(eq(users.id, userId), ne(users.status, status))).returning({ id: users.id });
    // archiving an archived member is a 404 and restoring an active one changes
    // nothing; neither writes an audit row
    if (!changed) {
      if (status === 'deleted') throw notFound(MEMBER_CONFLICT.alreadyArchived);
      return;
    }
    // archiving ends every session and API token, so a later restore brings no old token back to life
    if (status === 'deleted') {
      await endSessionsOf(tx, userId);
      await endApiTokensOf(tx, userId);
    }
    await audit(tx, actor, userId, status === 'deleted' ? 'archive' : 'restore', null, { status });
    if (status === 'deleted') await tellPerson(tx, 'person.archived', userId, actor.id);
  });
}
