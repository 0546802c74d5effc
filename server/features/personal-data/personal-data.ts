import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { CALENDAR_FEED_TOKEN_WITHHELD, PERSONAL_DATA_FORMAT, PERSONAL_DATA_VERSION, type PersonalData } from '../../../shared/api/personal-data-export';
import { isApiTokenScope } from '../../../shared/rules/api-tokens';
import { CALENDAR_FEED_TEXT, parseFeedKey } from '../../../shared/rules/calendar-feeds';
import type { Priority } from '../../../shared/rules/constants';
import { imageTypeOf } from '../../../shared/rules/image-type';
import type { DbOrTx } from '../../db/client';
import {
  auditLog, daysLeft, evaluations, files, holidayEvents, invitations, jobs, keyResults, loginEvents, objectives, previousTeams,
  roles, sessionActivity, sessions, teamManagers, teamMembers, teams, timetrackingAccounts, timetrackingTasks, users,
} from '../../db/schema';
import { apiTokenActivity, apiTokens } from '../auth';
import { calendarFeeds } from '../holidays';
import { keyResultCheckIns } from '../objectives';
import { notifications, notificationSettings } from '../notifications';
import { userPreferences } from '../settings';

// The right of access (docs/personal-data.md 'Getting a copy'): everything the hub holds about one person, read table by table.
// Each query selects its columns by name, so a secret column (password_hash, token_hash) or
// another person's field can only reach the archive by someone adding it here: other people
// are joined for their name alone. Tables that reference a user and are left out, and why:
// oidc_flows (no user), desktop_required_versions.marked_by (a hub setting, not about the
// person), files of links (not a person's).

export interface PersonalFile {
  /** its name in the archive */
  fileName: string;
  contentType: string;
  data: Buffer;
}

export interface PersonalArchive {
  data: PersonalData;
  files: PersonalFile[];
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

const owner = alias(users, 'owner');
const author = alias(users, 'author');
const other = alias(users, 'other');

/** One query after another: a transaction's one connection runs them in turn anyway (node-postgres warns of overlapping ones). */
async function inTurn<T extends readonly (() => Promise<unknown>)[]>(...steps: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

const PICTURE_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The person's row, archived or not; null when there is none. */
export async function findPerson(db: DbOrTx, userId: number) {
  const [row] = await db.select({ id: users.id, name: users.name, username: users.username, status: users.status }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

async function profileOf(db: DbOrTx, userId: number) {
  const manager = alias(users, 'manager');
  const [row] = await db
    .select({
      id: users.id, name: users.name, username: users.username, email: users.email, phone: users.phone, status: users.status,
      job: jobs.name, directManager: manager.name, joinDate: users.joinDate, isOwner: users.isOwner, imageUrl: users.imageUrl,
      firstLogin: users.firstLogin, passwordMustChange: users.passwordMustChange, lastLogin: users.lastLogin,
      createdAt: users.createdAt, updatedAt: users.updatedAt, extras: users.extras, pictureFileId: users.pictureFileId,
      role: roles.name, capabilities: roles.capabilities,
    })
    .from(users)
    .leftJoin(jobs, eq(jobs.id, users.jobId))
    .leftJoin(manager, eq(manager.id, users.teamleadId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row;
}

async function teamsOf(db: DbOrTx, userId: number): Promise<PersonalData['teams']> {
  const team = { team: teams.name, technology: teams.technology, teamStatus: teams.status };
  const [members, managed, previous] = await inTurn(
    () => db.select({ ...team, lead: teamMembers.isLead }).from(teamMembers).innerJoin(teams, eq(teams.id, teamMembers.teamId)).where(eq(teamMembers.userId, userId)).orderBy(asc(teams.name)),
    () => db.select(team).from(teamManagers).innerJoin(teams, eq(teams.id, teamManagers.teamId)).where(eq(teamManagers.userId, userId)).orderBy(asc(teams.name)),
    () => db.select(team).from(previousTeams).innerJoin(teams, eq(teams.id, previousTeams.teamId)).where(eq(previousTeams.userId, userId)).orderBy(asc(teams.name)));
  return [
    ...members.map((t) => ({ ...t, relation: 'member' as const })),
    ...managed.map((t) => ({ ...t, relation: 'manager' as const, lead: false })),
    ...previous.map((t) => ({ ...t, relation: 'previous' as const, lead: false })),
  ];
}

type OwnedTable = typeof objectives | typeof keyResults;

/** Objectives and key results alike: the columns both have, owner and author by name. */
const ownedColumns = <T extends OwnedTable>(t: T) => ({
  id: t.id, title: t.title, description: t.description, status: t.status, nextStatus: t.nextStatus, priority: t.priority, deadline: t.deadline,
  owner: owner.name, author: author.name, createdAt: t.createdAt, lastModificationDate: t.lastModificationDate,
});

/** The ones the person owns or wrote, in deadline order. */
function ownedOrWrittenBy<Q extends PgSelect>(query: Q, t: OwnedTable, userId: number) {
  return query
    .innerJoin(owner, eq(owner.id, t.ownerId))
    .innerJoin(author, eq(author.id, t.authorId))
    .where(or(eq(t.ownerId, userId), eq(t.authorId, userId)))
    .orderBy(asc(t.deadline), asc(t.id));
}

// the hub writes priorities through prioritySchema only; the archive's schema checks it again
const ownedRow = <R extends { priority: string; createdAt: Date; lastModificationDate: Date }>(r: R) =>
  ({ ...r, priority: r.priority as Priority, createdAt: iso(r.createdAt), lastModificationDate: iso(r.lastModificationDate) });

async function objectivesOf(db: DbOrTx, userId: number): Promise<PersonalData['objectives']> {
  const fields = { ...ownedColumns(objectives), category: objectives.category, subcategory: objectives.subcategory, isPublic: objectives.isPublic, team: teams.name };
  const rows = await ownedOrWrittenBy(db.select(fields).from(objectives).leftJoin(teams, eq(teams.id, objectives.teamId)).$dynamic(), objectives, userId);
  return rows.map(ownedRow);
}

async function keyResultsOf(db: DbOrTx, userId: number): Promise<PersonalData['keyResults']> {
  const fields = { ...ownedColumns(keyResults), objectiveId: keyResults.objectiveId, objective: objectives.title, percentage: keyResults.percentage };
  const rows = await ownedOrWrittenBy(db.select(fields).from(keyResults).innerJoin(objectives, eq(objectives.id, keyResults.objectiveId)).$dynamic(), keyResults, userId);
  return rows.map(ownedRow);
}

async function checkInsOf(db: DbOrTx, userId: number): Promise<PersonalData['checkIns']> {
  const rows = await db
    .select({
      id: keyResultCheckIns.id, keyResultId: keyResultCheckIns.keyResultId, keyResult: keyResults.title, percent: keyResultCheckIns.percent,
      confidence: keyResultCheckIns.confidence, comment: keyResultCheckIns.comment, author: author.name, createdAt: keyResultCheckIns.createdAt,
    })
    .from(keyResultCheckIns)
    .innerJoin(keyResults, eq(keyResults.id, keyResultCheckIns.keyResultId))
    .innerJoin(author, eq(author.id, keyResultCheckIns.authorId))
    .where(or(eq(keyResultCheckIns.authorId, userId), eq(keyResults.ownerId, userId)))
    .orderBy(asc(keyResultCheckIns.createdAt), asc(keyResultCheckIns.id));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

async function evaluationsOf(db: DbOrTx, userId: number): Promise<PersonalData['evaluations']> {
  const rows = await db
    .select({
      id: evaluations.id, evaluator: author.name, createdAt: evaluations.createdAt,
      technicalExpertise: evaluations.technicalExpertise, teamwork: evaluations.teamwork, flexibility: evaluations.flexibility,
      resultsFocus: evaluations.resultsFocus, languages: evaluations.languages, continualLearning: evaluations.continualLearning,
      safetyFocus: evaluations.safetyFocus, communication: evaluations.communication, initiative: evaluations.initiative,
      openDiscussion: evaluations.openDiscussion, targets: evaluations.targets,
    })
    .from(evaluations)
    .innerJoin(author, eq(author.id, evaluations.authorId))
    .where(eq(evaluations.userId, userId))
    .orderBy(asc(evaluations.createdAt), asc(evaluations.id));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

async function notificationsOf(db: DbOrTx, userId: number) {
  const [items, settings, [preferences]] = await inTurn(
    () => db.select({
      id: notifications.id, kind: notifications.kind, title: notifications.title, body: notifications.body, link: notifications.link,
      createdAt: notifications.createdAt, readAt: notifications.readAt, doneAt: notifications.doneAt,
    }).from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt), asc(notifications.id)),
    () => db.select({ kind: notificationSettings.kind, channel: notificationSettings.channel, enabled: notificationSettings.enabled, email: notificationSettings.email }).from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)).orderBy(asc(notificationSettings.kind)),
    () => db.select({ theme: userPreferences.theme, emailDigest: userPreferences.emailDigest, weeklyDigest: userPreferences.weeklyDigest }).from(userPreferences).where(eq(userPreferences.userId, userId)));
  return {
    notifications: items.map((n) => ({ ...n, createdAt: iso(n.createdAt), readAt: isoOrNull(n.readAt), doneAt: isoOrNull(n.doneAt) })),
    notificationSettings: settings,
    preferences: { theme: preferences?.theme ?? 'system', emailDigest: preferences?.emailDigest ?? false, weeklyDigest: preferences?.weeklyDigest ?? true },
  };
}

async function signInsOf(db: DbOrTx, userId: number): Promise<PersonalData['signIns']> {
  const rows = await db
    .select({ at: loginEvents.createdAt, username: loginEvents.username, address: loginEvents.address, success: loginEvents.success, method: loginEvents.method })
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(asc(loginEvents.createdAt), asc(loginEvents.id));
  return rows.map((r) => ({ ...r, at: iso(r.at) }));
}

async function sessionsOf(db: DbOrTx, userId: number): Promise<PersonalData['sessions']> {
  // never the token hash: a session by device, times and addresses only
  const rows = await db
    .select({
      client: sessions.client, userAgent: sessions.userAgent, createdAt: sessions.createdAt, createdAddress: sessions.createdAddress,
      lastSeenAt: sessionActivity.lastSeenAt, lastAddress: sessionActivity.lastAddress, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, sessions.id))
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
  return rows.map((r) => ({
    client: r.client === 'desktop' ? 'desktop' : 'web',
    userAgent: r.userAgent,
    firstSeenAt: iso(r.createdAt),
    firstAddress: r.createdAddress,
    lastSeenAt: iso(r.lastSeenAt ?? r.createdAt),
    lastAddress: r.lastAddress ?? r.createdAddress,
    expiresAt: iso(r.expiresAt),
    endedAt: isoOrNull(r.revokedAt),
  }));
}

async function apiTokensOf(db: DbOrTx, userId: number): Promise<PersonalData['apiTokens']> {
  // never the token hash: a token by name, scope and dates only
  const rows = await db
    .select({ name: apiTokens.name, scope: apiTokens.scope, createdAt: apiTokens.createdAt, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokenActivity.lastUsedAt, lastAddress: apiTokenActivity.lastAddress })
    .from(apiTokens)
    .leftJoin(apiTokenActivity, eq(apiTokenActivity.tokenId, apiTokens.id))
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
  return rows.map((r) => ({
    name: r.name, scope: isApiTokenScope(r.scope) ? r.scope : 'read', createdAt: iso(r.createdAt), expiresAt: iso(r.expiresAt), lastUsedAt: isoOrNull(r.lastUsedAt), lastAddress: r.lastAddress,
  }));
}

async function timeOffAndHoursOf(db: DbOrTx, userId: number, email: string | null) {
  const [holidays, [account], tasks, days] = await inTurn(
    () => db.select({ title: holidayEvents.title, start: holidayEvents.start, end: holidayEvents.end, type: holidayEvents.type })
      .from(holidayEvents).where(eq(holidayEvents.userId, userId)).orderBy(asc(holidayEvents.start), asc(holidayEvents.id)),
    () => db.select({ externalUser: timetrackingAccounts.externalUser }).from(timetrackingAccounts).where(eq(timetrackingAccounts.userId, userId)),
    () => db.select({ date: timetrackingTasks.date, summary: timetrackingTasks.summary, hours: timetrackingTasks.hours })
      .from(timetrackingTasks).where(eq(timetrackingTasks.userId, userId)).orderBy(asc(timetrackingTasks.date), asc(timetrackingTasks.id)),
    // days left are kept by address (the holidays import's key)
    () => (email ? db.select({ daysLeft: daysLeft.daysLeft }).from(daysLeft).where(eq(daysLeft.email, email)) : Promise.resolve([])));
  return {
    holidays,
    timeTracking: { account: account?.externalUser ?? null, daysLeft: days[0]?.daysLeft ?? null, tasks: tasks.map((t) => ({ ...t, hours: Number(t.hours) })) },
  };
}

async function invitationsOf(db: DbOrTx, userId: number): Promise<PersonalData['invitations']> {
  // the invited person's address is theirs, not this person's: by name only, once they have an account
  const [sent, received] = await inTurn(
    () => db.select({ otherPerson: other.name, createdAt: invitations.createdAt }).from(invitations)
      .leftJoin(other, eq(other.id, invitations.inviteeId)).where(eq(invitations.inviterId, userId)).orderBy(asc(invitations.createdAt)),
    () => db.select({ otherPerson: other.name, email: invitations.email, createdAt: invitations.createdAt }).from(invitations)
      .innerJoin(other, eq(other.id, invitations.inviterId)).where(eq(invitations.inviteeId, userId)).orderBy(asc(invitations.createdAt)));
  return [
    ...sent.map((i) => ({ direction: 'sent' as const, otherPerson: i.otherPerson, email: null, createdAt: iso(i.createdAt) })),
    ...received.map((i) => ({ direction: 'received' as const, ...i, createdAt: iso(i.createdAt) })),
  ];
}

async function calendarFeedsOf(db: DbOrTx, userId: number): Promise<PersonalData['calendarFeeds']> {
  // which feeds and since when; token_hash is never read, and the secret itself the hub never kept
  const rows = await db
    .select({ feed: calendarFeeds.feed, createdAt: calendarFeeds.createdAt, team: teams.name })
    .from(calendarFeeds)
    .leftJoin(teams, eq(calendarFeeds.feed, sql`'team-' || ${teams.id}`))
    .where(eq(calendarFeeds.userId, userId))
    .orderBy(asc(calendarFeeds.createdAt), asc(calendarFeeds.feed));
  return rows.map(({ feed, createdAt, team }) => {
    const kind = parseFeedKey(feed)?.kind;
    const name = kind === 'team' ? CALENDAR_FEED_TEXT.team(team ?? feed) : kind ? CALENDAR_FEED_TEXT[kind] : feed;
    return { feed, name, createdAt: iso(createdAt), token: CALENDAR_FEED_TOKEN_WITHHELD };
  });
}

async function auditOf(db: DbOrTx, userId: number) {
  // before/after are left out: they may hold other people's fields (a manager, a team's members)
  const [changes, actions] = await inTurn(
    () => db.select({ at: auditLog.createdAt, action: auditLog.action, by: other.name }).from(auditLog)
      .leftJoin(other, eq(other.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    // what they did as an admin, not to whom
    () => db.select({ at: auditLog.createdAt, entity: auditLog.entity, action: auditLog.action }).from(auditLog)
      .where(eq(auditLog.actorId, userId)).orderBy(asc(auditLog.createdAt), asc(auditLog.id)));
  return {
    accountChanges: changes.map((c) => ({ ...c, at: iso(c.at) })),
    adminActions: actions.map((a) => ({ ...a, at: iso(a.at) })),
  };
}

async function filesOf(db: DbOrTx, userId: number, pictureFileId: string | null) {
  const where = pictureFileId
    ? or(and(eq(files.ownerUserId, userId), eq(files.kind, 'ovpn')), eq(files.id, pictureFileId))
    : and(eq(files.ownerUserId, userId), eq(files.kind, 'ovpn'));
  const rows = await db.select({ id: files.id, kind: files.kind, name: files.name, contentType: files.contentType, data: files.data, createdAt: files.createdAt })
    .from(files).where(where).orderBy(asc(files.createdAt));
  const out: PersonalFile[] = [];
  let picture: PersonalData['files']['picture'] = null;
  const vpnFiles: PersonalData['files']['vpnFiles'] = [];
  for (const row of rows) {
    if (row.id === pictureFileId) {
      const type = imageTypeOf(row.data) ?? row.contentType;
      const fileName = `picture.${PICTURE_EXT[type] ?? 'bin'}`;
      out.push({ fileName, contentType: type, data: row.data });
      picture = { fileName, contentType: type, size: row.data.length, uploadedAt: iso(row.createdAt) };
    } else {
      // a stored name is only ever a plain name (vpn-files.ts), kept under vpn/ in the archive
      const fileName = `vpn/${row.name.replace(/[/\\]/g, '_')}`;
      out.push({ fileName, contentType: row.contentType, data: row.data });
      vpnFiles.push({ fileName, contentType: row.contentType, size: row.data.length, uploadedAt: iso(row.createdAt) });
    }
  }
  return { files: out, summary: { picture, vpnFiles } };
}

/** Everything about one person; null when there is no such person. */
export async function collectPersonalData(db: DbOrTx, userId: number, now = new Date()): Promise<PersonalArchive | null> {
  const profile = await profileOf(db, userId);
  if (!profile) return null;
  const [teamRows, objectiveRows, keyResultRows, checkIns, evaluationRows, notes, signIns, sessionRows, tokenRows, time, invitationRows, feeds, audit, stored] = await inTurn(
    () => teamsOf(db, userId), () => objectivesOf(db, userId), () => keyResultsOf(db, userId), () => checkInsOf(db, userId), () => evaluationsOf(db, userId),
    () => notificationsOf(db, userId), () => signInsOf(db, userId), () => sessionsOf(db, userId), () => apiTokensOf(db, userId), () => timeOffAndHoursOf(db, userId, profile.email),
    () => invitationsOf(db, userId), () => calendarFeedsOf(db, userId), () => auditOf(db, userId), () => filesOf(db, userId, profile.pictureFileId));
  const { role, capabilities, pictureFileId: _picture, ...person } = profile;
  const data: PersonalData = {
    format: PERSONAL_DATA_FORMAT,
    version: PERSONAL_DATA_VERSION,
    generatedAt: iso(now),
    profile: { ...person, lastLogin: isoOrNull(person.lastLogin), createdAt: iso(person.createdAt), updatedAt: iso(person.updatedAt) },
    role: role === null ? null : { name: role, capabilities: capabilities ?? [] },
    teams: teamRows,
    objectives: objectiveRows,
    keyResults: keyResultRows,
    checkIns,
    evaluations: evaluationRows,
    ...notes,
    signIns,
    sessions: sessionRows,
    apiTokens: tokenRows,
    ...time,
    invitations: invitationRows,
    calendarFeeds: feeds,
    ...audit,
    files: stored.summary,
  };
  return { data, files: stored.files };
}

