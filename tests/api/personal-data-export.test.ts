import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog, daysLeft, evaluations, files, holidayEvents, invitations, keyResults, objectives, previousTeams, sessions,
  teamManagers, timetrackingAccounts, timetrackingTasks, users,
} from '../../server/db/schema';
import { keyResultCheckIns } from '../../server/features/objectives/check-ins-schema';
import { notifications, notificationSettings } from '../../server/features/notifications/schema';
import { userPreferences } from '../../server/features/settings/schema';
import { PERSONAL_SHEETS } from '../../server/features/personal-data/personal-data-xlsx';
import { hashToken } from '../../server/features/auth/sessions';
import { makeApiToken } from '../support/api-tokens';
import { ADMIN_MESSAGES } from '../../shared/api/admin';
import { camelize } from '../../shared/api/case';
import { calendarFeedAddressResponseSchema } from '../../shared/api/calendar-feeds';
import { CALENDAR_FEED_TOKEN_WITHHELD, personalDataSchema, type PersonalData } from '../../shared/api/personal-data-export';
import { CALENDAR_FEED_TEXT, CALENDAR_FILE } from '../../shared/rules/calendar-feeds';
import { ROLE_GUEST } from '../../shared/rules/roles';
import { personalDataFile } from '../../shared/rules/personal-data-export';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';
import { readXlsx } from '../support/xlsx-read';

// The rights of access and portability: the archive holds every section of the person's
// data, nothing of anyone else's beyond names, and no secret; an admin makes it for anyone
// (audited), nobody else may.

let hub: TestHub;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const people: Record<string, typeof users.$inferSelect> = {};

// planted in other people's rows: none may reach Pia's archive
const OTHER = {
  email: 'otto.private-mark@elsewhere.test',
  phone: '+40 799 OTTO-PHONE',
  extra: 'OTTO-PERSONAL-MARK',
  objective: 'OTTO-OWN-OBJECTIVE',
  keyResult: 'OTTO-OWN-KEY-RESULT',
  checkIn: 'OTTO-OWN-CHECK-IN',
  evaluation: 'OTTO-EVALUATION-TARGETS',
  notification: 'OTTO-NOTIFICATION',
  holiday: 'OTTO-HOLIDAY',
  task: 'OTTO-TIMESHEET',
  vpn: 'OTTO-VPN-PROFILE',
  invitee: 'someone-invited-mark@elsewhere.test',
  timetracking: 'otto-tt-mark',
};
const PIA = {
  personalEmail: 'pia.home@mail.test',
  objective: 'Ship the Pia release',
  keyResult: 'Pia measures latency',
  checkIn: 'Pia on track this week',
  lateCheckIn: 'Otto checked Pia progress',
  evaluation: 'Pia leads the next release',
  notification: 'A new evaluation about Pia',
  holiday: 'Pia seaside week',
  task: 'Pia wrote the export',
  vpn: 'client\ndev tun\nremote pia.vpn.test 1194\n',
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7, 7]);
/** calendar feeds' secrets (Pia's, one of them replaced by a renewal, and Otto's): none may reach the archive, nor their hashes */
const feedSecrets: string[] = [];
let atlasId = 0;

/** Turns a feed on (or renews it) through Settings' call; the secret of the address it answers. */
async function feedSecret(who: string, feed: string): Promise<string> {
  const res = await hub.request('PUT', `/api/calendar-feeds/${feed}`, { token: tokens[who] });
  expect(res.status).toBe(200);
  const { url } = calendarFeedAddressResponseSchema.parse(camelize(res.body)).data;
  const secret = CALENDAR_FILE.exec(url.split('/').pop()!)![1];
  feedSecrets.push(secret);
  return secret;
}

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  const adminRole = await createRole(db, { name: `Admin ${Date.now()}`, capabilities: ['VIEW_ADMIN'] });
  const guestRole = await createRole(db, { name: ROLE_GUEST, capabilities: ['VIEW_ADMIN'] });
  const team = await createTeam(db, { name: 'Atlas' });
  const oldTeam = await createTeam(db, { name: 'Borealis' });
  const managed = await createTeam(db, { name: 'Cygnus' });
  people.otto = await createUser(db, { name: 'Otto Other', leads: [team.id], email: OTHER.email });
  people.pia = await createUser(db, { name: 'Pia Person', teamIds: [team.id], teamleadId: people.otto.id });
  people.mia = await createUser(db, { name: 'Mia Member', teamIds: [team.id] });
  people.gus = await createUser(db, { name: 'Gus Guest', roleId: guestRole.id });
  people.ada = await createUser(db, { name: 'Ada Admin', roleId: adminRole.id });
  people.arch = await createUser(db, { name: 'Archie Archived', status: 'deleted' });
  for (const [key, user] of Object.entries(people)) ids[key] = user.id;
  for (const key of ['otto', 'pia', 'mia', 'gus', 'ada']) tokens[key] = (await hub.login(people[key].username, TEST_PASSWORD)).token;

  await db.update(users).set({
    phone: OTHER.phone,
    extras: { personalInfo: { personalEmailAddress: OTHER.extra, hometown: OTHER.extra } },
  }).where(eq(users.id, ids.otto));
  await db.update(users).set({
    joinDate: '2022-04-01',
    extras: {
      personalInfo: { personalEmailAddress: PIA.personalEmail, languages: ['Romanian', 'English'], skills: [{ id: 1, name: 'TypeScript' }] },
      relevantExperience: [{ company: 'Acme', position: 'Developer', startDate: '02/2019', endDate: 'Present' }],
      projectsInfo: [{ title: 'Apollo', mainGoal: 'Fly' }],
    },
  }).where(eq(users.id, ids.pia));
  await db.insert(previousTeams).values({ userId: ids.pia, teamId: oldTeam.id });
  await db.insert(teamManagers).values({ userId: ids.pia, teamId: managed.id });

  const objective = async (ownerId: number, authorId: number, title: string) =>
    (await db.insert(objectives).values({
      title, description: `${title} in detail`, category: 'Technology', subcategory: 'Development', priority: 'high', deadline: '2030-01-31',
      ownerId, authorId, teamId: team.id,
    }).returning())[0];
  const keyResult = async (objectiveId: number, ownerId: number, authorId: number, title: string) =>
    (await db.insert(keyResults).values({ objectiveId, title, description: `${title} in detail`, priority: 'medium', deadline: '2030-01-15', ownerId, authorId }).returning())[0];
  const piaObjective = await objective(ids.pia, ids.otto, PIA.objective);
  const piaKr = await keyResult(piaObjective.id, ids.pia, ids.otto, PIA.keyResult);
  await db.insert(keyResultCheckIns).values([
    { keyResultId: piaKr.id, percent: 40, confidence: 'on_track', comment: PIA.checkIn, authorId: ids.pia },
    { keyResultId: piaKr.id, percent: 45, confidence: 'at_risk', comment: PIA.lateCheckIn, authorId: ids.otto },
  ]);
  const ottoObjective = await objective(ids.otto, ids.otto, OTHER.objective);
  const ottoKr = await keyResult(ottoObjective.id, ids.otto, ids.otto, OTHER.keyResult);
  await db.insert(keyResultCheckIns).values({ keyResultId: ottoKr.id, percent: 10, confidence: 'off_track', comment: OTHER.checkIn, authorId: ids.otto });

  const ratings = {
    technicalExpertise: '4', teamwork: '4', flexibility: '3', resultsFocus: '5', languages: '4', continualLearning: '4',
    safetyFocus: '3', communication: '4', initiative: '5', openDiscussion: '4',
  };
  await db.insert(evaluations).values([
    { userId: ids.pia, authorId: ids.otto, ...ratings, targets: PIA.evaluation },
    { userId: ids.mia, authorId: ids.otto, ...ratings, targets: OTHER.evaluation },
  ]);
  await db.insert(notifications).values([
    { userId: ids.pia, kind: 'evaluation_created', title: PIA.notification, body: 'Otto Other wrote it', link: '/evaluations' },
    { userId: ids.otto, kind: 'evaluation_created', title: OTHER.notification, body: OTHER.notification, link: '/evaluations' },
  ]);
  await db.insert(notificationSettings).values({ userId: ids.pia, kind: 'check_in_reminder', channel: 'off', enabled: false });
  await db.insert(userPreferences).values({ userId: ids.pia, theme: 'dark' });
  await db.insert(holidayEvents).values([
    { userId: ids.pia, title: PIA.holiday, start: '2030-07-01', end: '2030-07-07', type: 'holiday', teamIds: [team.id] },
    { userId: ids.otto, title: OTHER.holiday, start: '2030-07-01', end: '2030-07-07', type: 'holiday', teamIds: [team.id] },
  ]);
  await db.insert(timetrackingAccounts).values([{ userId: ids.pia, externalUser: 'pia.tt' }, { userId: ids.otto, externalUser: OTHER.timetracking }]);
  await db.insert(timetrackingTasks).values([
    { externalId: `pia-${ids.pia}`, userId: ids.pia, date: '2030-01-02', summary: PIA.task, hours: 7.5 },
    { externalId: `otto-${ids.otto}`, userId: ids.otto, date: '2030-01-02', summary: OTHER.task, hours: 8 },
  ]);
  await db.insert(daysLeft).values([{ email: people.pia.email!, daysLeft: 12 }, { email: OTHER.email, daysLeft: 99 }]);
  await db.insert(invitations).values([
    { inviterId: ids.pia, inviteeId: null, email: OTHER.invitee },
    { inviterId: ids.otto, inviteeId: ids.pia, email: people.pia.email! },
  ]);
  const [picture] = await db.insert(files).values({ kind: 'picture', ownerUserId: ids.pia, name: `user-${ids.pia}`, contentType: 'image/png', size: PNG.length, data: PNG }).returning();
  await db.update(users).set({ pictureFileId: picture.id }).where(eq(users.id, ids.pia));
  await db.insert(files).values([
    { kind: 'ovpn', ownerUserId: ids.pia, name: 'pia.person.ovpn', contentType: 'application/x-openvpn-profile', size: PIA.vpn.length, data: Buffer.from(PIA.vpn) },
    { kind: 'ovpn', ownerUserId: ids.otto, name: 'otto.other.ovpn', contentType: 'application/x-openvpn-profile', size: 20, data: Buffer.from(OTHER.vpn) },
  ]);
  // calendar feeds: Pia's own (renewed once) and her team's; Otto's own
  atlasId = team.id;
  await feedSecret('pia', 'own');
  await feedSecret('pia', `team-${team.id}`);
  await feedSecret('pia', 'own');
  await feedSecret('otto', 'own');
  // an admin's change to Pia's account, to find among her account changes
  const reader = await createRole(db, { name: 'Reader', capabilities: ['EXPORT_USERS'] });
  const roleChange = await hub.request('PUT', `/api/admin/users/${ids.pia}/role`, { token: tokens.ada, body: { role_id: reader.id } });
  expect(roleChange.status).toBe(200);
});
afterAll(() => hub?.close());

interface Archive {
  status: number;
  headers: Headers;
  /** entry name → bytes */
  entries: Record<string, Uint8Array>;
  data: PersonalData;
  /** every entry as text, the workbook's own entries unzipped: what a marker must not be found in */
  text: string;
}

async function download(path: string, token?: string): Promise<Archive> {
  const res = await fetch(`${hub.url}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, headers: res.headers, entries: {}, data: JSON.parse(strFromU8(bytes)), text: '' };
  const entries = unzipSync(bytes);
  const workbook = unzipSync(entries['data.xlsx']);
  const text = [...Object.values(entries), ...Object.values(workbook)].map((b) => strFromU8(b, true)).join('\n');
  // the hub's documented shape, read as the transports read every answer
  const data = personalDataSchema.parse(camelize(JSON.parse(strFromU8(entries['data.json']))));
  return { status: res.status, headers: res.headers, entries, data, text };
}

describe('GET /user/me/data-export', () => {
  it('answers a zip named for the person and the day, with README, data.json, data.xlsx, the picture and the VPN file', async () => {
    const archive = await download('/user/me/data-export', tokens.pia);
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    expect(archive.headers.get('cache-control')).toBe('no-store');
    const day = new Date().toISOString().slice(0, 10);
    expect(archive.headers.get('content-disposition')).toContain(`filename="${personalDataFile(people.pia.username, day)}"`);
    expect(Object.keys(archive.entries).sort()).toEqual(['README.txt', 'data.json', 'data.xlsx', 'picture.png', 'vpn/pia.person.ovpn']);
    expect(Buffer.from(archive.entries['picture.png'])).toEqual(PNG);
    expect(strFromU8(archive.entries['vpn/pia.person.ovpn'])).toBe(PIA.vpn);
    expect(strFromU8(archive.entries['README.txt'])).toContain('data.json');
  });

  it('holds every section with the person\'s own data; other people by name only', async () => {
    const { data } = await download('/user/me/data-export', tokens.pia);
    expect(data.profile).toMatchObject({ id: ids.pia, name: 'Pia Person', username: people.pia.username, email: people.pia.email, directManager: 'Otto Other', joinDate: '2022-04-01' });
    expect(data.profile.extras.personalInfo?.personalEmailAddress).toBe(PIA.personalEmail);
    expect(data.profile.extras.relevantExperience?.[0].company).toBe('Acme');
    expect(data.role).toEqual({ name: 'Reader', capabilities: ['EXPORT_USERS'] });
    expect(data.teams).toEqual(expect.arrayContaining([
      expect.objectContaining({ team: 'Atlas', relation: 'member', lead: false }),
      expect.objectContaining({ team: 'Borealis', relation: 'previous' }),
      expect.objectContaining({ team: 'Cygnus', relation: 'manager' }),
    ]));
    expect(data.objectives).toEqual([expect.objectContaining({ title: PIA.objective, owner: 'Pia Person', author: 'Otto Other', team: 'Atlas' })]);
    expect(data.keyResults).toEqual([expect.objectContaining({ title: PIA.keyResult, objective: PIA.objective, owner: 'Pia Person', author: 'Otto Other' })]);
    expect(data.checkIns.map((c) => [c.comment, c.author])).toEqual([[PIA.checkIn, 'Pia Person'], [PIA.lateCheckIn, 'Otto Other']]);
    expect(data.evaluations).toEqual([expect.objectContaining({ evaluator: 'Otto Other', targets: PIA.evaluation, resultsFocus: '5' })]);
    expect(data.notifications).toEqual([expect.objectContaining({ kind: 'evaluation_created', title: PIA.notification, readAt: null })]);
    expect(data.notificationSettings).toEqual([{ kind: 'check_in_reminder', channel: 'off', enabled: false, email: null }]);
    expect(data.preferences).toEqual({ theme: 'dark', emailDigest: false, weeklyDigest: true });
    expect(data.signIns).toEqual([expect.objectContaining({ username: people.pia.username, success: true, method: 'password' })]);
    expect(data.sessions).toEqual([expect.objectContaining({ client: 'web', endedAt: null })]);
    expect(data.holidays).toEqual([{ title: PIA.holiday, start: '2030-07-01', end: '2030-07-07', type: 'holiday' }]);
    expect(data.timeTracking).toEqual({ account: 'pia.tt', daysLeft: 12, tasks: [{ date: '2030-01-02', summary: PIA.task, hours: 7.5 }] });
    expect(data.invitations).toEqual([
      expect.objectContaining({ direction: 'sent', otherPerson: null, email: null }),
      expect.objectContaining({ direction: 'received', otherPerson: 'Otto Other', email: people.pia.email }),
    ]);
    expect(data.calendarFeeds).toEqual([
      { feed: `team-${atlasId}`, name: CALENDAR_FEED_TEXT.team('Atlas'), createdAt: expect.any(String), token: CALENDAR_FEED_TOKEN_WITHHELD },
      { feed: 'own', name: CALENDAR_FEED_TEXT.own, createdAt: expect.any(String), token: CALENDAR_FEED_TOKEN_WITHHELD },
    ]);
    expect(data.accountChanges).toEqual([expect.objectContaining({ action: 'role', by: 'Ada Admin' })]);
    expect(data.files.picture).toMatchObject({ fileName: 'picture.png', contentType: 'image/png', size: PNG.length });
    expect(data.files.vpnFiles).toEqual([expect.objectContaining({ fileName: 'vpn/pia.person.ovpn' })]);
  });

  it('keeps nothing of another person beyond their name, and no secret', async () => {
    const { text } = await download('/user/me/data-export', tokens.pia);
    expect(text).toContain('Otto Other');
    for (const marker of Object.values(OTHER)) expect(text, marker).not.toContain(marker);
    for (const other of ['otto', 'mia', 'ada']) {
      expect(text).not.toContain(people[other].email!);
      expect(text).not.toContain(people[other].username);
    }
    const [pia] = await hub.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ids.pia));
    expect(text).not.toContain(pia.passwordHash!);
    expect(text).not.toContain(pia.passwordHash!.split('$').pop()!);
    expect(text).not.toContain(tokens.pia);
    expect(text).not.toContain(hashToken(tokens.pia));
    const piaSessions = await hub.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, ids.pia));
    for (const s of piaSessions) expect(text).not.toContain(s.tokenHash);
    expect(feedSecrets).toHaveLength(4);
    for (const secret of feedSecrets) {
      expect(text, 'a calendar feed secret').not.toContain(secret);
      expect(text, 'a calendar feed secret\'s hash').not.toContain(hashToken(secret));
    }
    expect(text).toContain(CALENDAR_FEED_TOKEN_WITHHELD);
    expect(text).not.toMatch(/password_hash|token_hash|passwordHash|tokenHash/);
  });

  it('the workbook has a sheet per section with readable headers and the person\'s rows', async () => {
    const { entries } = await download('/user/me/data-export', tokens.pia);
    const wb = readXlsx(entries['data.xlsx']);
    expect(wb.sheets.map((w) => w.name)).toEqual(PERSONAL_SHEETS.map((s) => s.name));
    for (const sheet of PERSONAL_SHEETS) expect(wb.sheet(sheet.name).row(1)).toEqual(sheet.headers);
    const profile = wb.sheet('Profile');
    expect(profile.row(2)).toEqual(['Name', 'Pia Person']);
    expect(profile.look(1, 1)?.bold).toBe(true);
    expect(profile.frozenRows).toBe(1);
    const checkIns = wb.sheet('Check-ins');
    expect(checkIns.rowCount).toBe(3);
    expect(checkIns.cell(2, 1)).toBeInstanceOf(Date);
    expect(checkIns.cell(3, 6)).toBe('Otto Other');
    const feeds = wb.sheet('Calendar feeds');
    expect(feeds.rowCount).toBe(3);
    expect(feeds.cell(3, 1)).toBe(CALENDAR_FEED_TEXT.own);
    expect(feeds.cell(3, 3)).toBeInstanceOf(Date);
    expect(feeds.cell(3, 4)).toBe(CALENDAR_FEED_TOKEN_WITHHELD);
  });

  it('lists the person\'s API tokens by name, scope and dates, never the token or its hash', async () => {
    const created = await makeApiToken(hub, tokens.pia, { name: 'Pia’s report', scope: 'read-write', expiresInDays: 90 });
    const { data, text, entries } = await download('/user/me/data-export', tokens.pia);
    expect(data.apiTokens).toEqual([{ name: 'Pia’s report', scope: 'read-write', createdAt: created.createdAt, expiresAt: created.expiresAt, lastUsedAt: null, lastAddress: null }]);
    expect(text).not.toContain(created.token);
    expect(text).not.toContain(hashToken(created.token));
    const sheet = readXlsx(entries['data.xlsx']).sheet('API tokens');
    expect(sheet.row(2).slice(0, 2)).toEqual(['Pia’s report', 'Read and write']);
    expect((await hub.request('DELETE', `/api/me/tokens/${created.id}`, { token: tokens.pia })).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await hub.get('/api/user/me/data-export');
    expect(res.status).toBe(401);
  });
});

describe('GET /admin/users/:id/data-export', () => {
  it('an admin gets anyone\'s archive, and the audit log records who made it for whom, without the data', async () => {
    const archive = await download(`/admin/users/${ids.pia}/data-export`, tokens.ada);
    expect(archive.status).toBe(200);
    expect(archive.data.profile.name).toBe('Pia Person');
    expect(archive.data.objectives.map((o) => o.title)).toEqual([PIA.objective]);
    expect(archive.headers.get('content-disposition')).toContain(`bitstone-hub-data-${people.pia.username}-`);
    const audit = await hub.db.select().from(auditLog).where(and(eq(auditLog.action, 'data-export'), eq(auditLog.entityId, String(ids.pia))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: ids.ada, entity: 'user', before: null, after: { name: 'Pia Person' } });
    // the export is in the audit list like every admin action
    const list = await hub.get(`/api/audit?actor=${ids.ada}`, { token: tokens.ada });
    expect(list.body.data.items.some((e: { action: string; entity_id: string }) => e.action === 'data-export' && e.entity_id === String(ids.pia))).toBe(true);
  });

  it('an admin gets an archived person\'s archive too; an unknown id is a 404', async () => {
    const archive = await download(`/admin/users/${ids.arch}/data-export`, tokens.ada);
    expect(archive.status).toBe(200);
    expect(archive.data.profile).toMatchObject({ name: 'Archie Archived', status: 'deleted' });
    expect(archive.entries['picture.png']).toBeUndefined();
    const missing = await hub.get('/api/admin/users/2147483000/data-export', { token: tokens.ada });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].message).toBe(ADMIN_MESSAGES.userNotFound);
  });

  it('a member, a team lead and a guest are refused another person\'s archive; nothing is audited', async () => {
    for (const who of ['mia', 'otto', 'gus']) {
      const res = await hub.get(`/api/admin/users/${ids.pia}/data-export`, { token: tokens[who] });
      expect(res.status, who).toBe(403);
      expect(res.body.errors[0].message).toBeTruthy();
      const audited = await hub.db.select().from(auditLog).where(and(eq(auditLog.action, 'data-export'), eq(auditLog.actorId, ids[who])));
      expect(audited, who).toHaveLength(0);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await hub.get(`/api/admin/users/${ids.pia}/data-export`);
    expect(res.status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('documents data.json\'s shape under both routes, in snake_case', async () => {
    const doc = (await hub.get('/api/docs')).body;
    for (const path of ['/api/user/me/data-export', '/api/admin/users/{id}/data-export']) {
      const schema = doc.paths[path].get.responses['200'].content['application/zip'].schema;
      expect(schema.properties).toHaveProperty('check_ins');
      expect(schema.properties).toHaveProperty('sign_ins');
      expect(schema.properties.profile.properties).toHaveProperty('join_date');
    }
  });
});
