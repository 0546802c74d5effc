import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../server/db/client';
import { hashToken } from '../../server/features/auth/sessions';
import { signInExternal } from '../../server/features/auth/sso/sign-in';
import {
  auditLog, daysLeft, evaluations, holidayEvents, importRuns, invitations, keyResults, objectives, previousTeams, roles, teamMembers,
  sessionActivity, sessions, timetrackingAccounts, timetrackingTasks, users,
} from '../../server/db/schema';
import { calendarFeeds } from '../../server/features/holidays/calendar-feeds-schema';
import { keyResultCheckIns } from '../../server/features/objectives/check-ins-schema';
import { notifications, notificationSettings } from '../../server/features/notifications/schema';
import { userPreferences } from '../../server/features/settings/schema';
import { retentionReminders } from '../../server/features/personal-data/retention-schema';
import { auditResponseSchema } from '../../shared/api/audit';
import { calendarFeedAddressResponseSchema } from '../../shared/api/calendar-feeds';
import { camelize, snakify } from '../../shared/api/case';
import { userRoleBodySchema } from '../../shared/api/admin';
import { updateMemberSchema } from '../../shared/api/people';
import { ERASURE_MESSAGES, erasureResponseSchema, formerEmployeeName, formerEmployeeUsername } from '../../shared/api/personal-data-erasure';
import { CALENDAR_FILE } from '../../shared/rules/calendar-feeds';
import { dottedName } from '../../shared/rules/vpn-file';
import { createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// The right to erasure: Admin → Users → Erase personal data. A person with a unique marker in
// every personal field (and a trail everywhere the hub keeps one) is archived and erased; then
// every column of every table, cast to text, is searched for each marker: none may remain. The
// company's records stay, by 'Former employee #id'.

let hub: TestHub;
const tokens: Record<string, string> = {};
const demo: Record<string, number> = {};

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  for (const name of ['admin', 'owner', 'manager', 'lead', 'member', 'guest']) {
    tokens[name] = (await hub.login(name)).token;
    demo[name] = (await hub.db.select({ id: users.id }).from(users).where(eq(users.username, name)))[0].id;
  }
}, 180_000);
afterAll(() => hub?.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

async function upload(path: string, token: string, field: string, data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const res = await fetch(`${hub.url}/api${path}`, { method: path.includes('image') ? 'PUT' : 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status, await res.text()).toBe(200);
}

/** A person with a unique marker in every personal field, and a trail in every table that keeps one. */
async function seedPerson() {
  const tag = randomBytes(5).toString('hex');
  const m = (what: string) => `q${tag}${what}`;
  const name = `Erin ${m('name')}`;
  const markers = {
    name, username: `erin.${m('user')}`, email: `${m('mail')}@work.test`, phone: `+40 7${parseInt(tag, 16) % 100_000_000}`,
    officialName: `Erin ${m('official')} Popescu`, personalEmail: `${m('home')}@personal.test`, hometown: m('town'), address: `Strada ${m('street')} 4`,
    school: m('school'), language: m('lang'), hobbies: m('hobby'), diet: m('diet'), about: m('about'), role: m('role'), benefit: m('benefit'),
    company: m('company'), position: m('position'), experience: m('experience'), project: m('project'), goal: m('goal'), skillText: m('skills'),
    agent: `Agent/${m('agent')}`, notification: m('notice'), evaluation: m('evaluated'), holiday: m('holiday'), timeUser: m('ttuser'),
    task: m('task'), sessionAddress: '10.9.8.7', invitee: `${m('invitee')}@work.test`, picture: m('picture'), vpn: m('vpnhost'),
  };
  const team = await createTeam(hub.db);
  const formerTeam = await createTeam(hub.db);
  const person = await createUser(hub.db, { name, username: markers.username, email: markers.email, teamIds: [team.id], teamleadId: demo.lead });
  await hub.db.update(users).set({
    phone: markers.phone,
    joinDate: '2019-03-17',
    imageUrl: `https://img.example/${m('imageurl')}.png`,
    lastLogin: new Date(),
    extras: {
      bitstoneInfo: { benefits: [markers.benefit], learningAndDev: 750, teamBuildings: 100, holidays: 21, currentRole: markers.role, about: markers.about },
      relevantExperience: [{ company: markers.company, position: markers.position, description: markers.experience, startDate: '2015-01', endDate: '2018-12' }],
      projectsInfo: [{ title: markers.project, mainGoal: markers.goal, responsabilities: 'Build it', technicalSkills: markers.skillText }],
      personalInfo: {
        officialName: markers.officialName, birthdate: '1990-02-03', personalEmailAddress: markers.personalEmail, hometown: markers.hometown,
        currentAddress: markers.address, education: [markers.school], languages: [markers.language], hobbies: markers.hobbies, isVegan: markers.diet,
      },
    },
  }).where(eq(users.id, person.id));
  await hub.db.insert(previousTeams).values({ userId: person.id, teamId: formerTeam.id });
  // a colleague whose direct manager they are: a reference the company keeps
  const report = await createUser(hub.db, { teamleadId: person.id, teamIds: [team.id] });

  // sessions and sign-in history, through the hub (a browser's user agent, a wrong password typed with the email)
  const signIn = await hub.request('POST', '/api/auth/login', { body: { username: markers.username, password: TEST_PASSWORD }, headers: { 'user-agent': markers.agent } });
  expect(signIn.status).toBe(200);
  const token: string = signIn.body.data.access_token;
  expect((await hub.request('POST', '/api/auth/login', { body: { username: markers.email, password: 'wrong password' } })).status).toBe(401);
  // the picture and the VPN file, uploaded by the person
  await upload(`/user/${person.id}/image`, token, 'image', Buffer.concat([PNG, Buffer.from(markers.picture)]), 'me.png', 'image/png');
  await upload('/user/upload-file', token, 'file', Buffer.from(`client\nremote ${markers.vpn}.example 1194\n`), `${dottedName(name)}.ovpn`, 'application/octet-stream');

  // calendar feeds they turned on: answering while they are active; the hub keeps each secret's hash
  const feedPaths: string[] = [];
  const feedHashes: string[] = [];
  for (const feed of ['own', `team-${team.id}`]) {
    const res = await hub.request('PUT', `/api/calendar-feeds/${feed}`, { token });
    expect(res.status).toBe(200);
    const path = new URL(calendarFeedAddressResponseSchema.parse(camelize(res.body)).data.url).pathname;
    expect((await hub.get(path)).status).toBe(200);
    feedPaths.push(path);
    feedHashes.push(hashToken(CALENDAR_FILE.exec(path.split('/').pop()!)![1]));
  }

  await hub.db.insert(notifications).values({ userId: person.id, kind: 'objective_approved', title: 'Objective approved', body: markers.notification, link: '/objectives' });
  await hub.db.insert(notificationSettings).values({ userId: person.id, kind: 'evaluation_created', enabled: false });
  await hub.db.insert(userPreferences).values({ userId: person.id, theme: 'dark' });
  // what others received or wrote that names them
  await hub.db.insert(notifications).values({ userId: demo.admin, kind: 'approval_requested', title: 'Objective waiting for your approval', body: `${name} asks to complete "Ship it".`, link: '/approvals' });
  const [aboutThem] = await hub.db.insert(evaluations).values({
    userId: person.id, authorId: demo.admin, technicalExpertise: '4', teamwork: '4', flexibility: '4', resultsFocus: '4', languages: '4',
    continualLearning: '4', safetyFocus: '4', communication: '4', initiative: '4', openDiscussion: '4', targets: markers.evaluation,
  }).returning();
  const [byThem] = await hub.db.insert(evaluations).values({
    userId: report.id, authorId: person.id, technicalExpertise: '3', teamwork: '3', flexibility: '3', resultsFocus: '3', languages: '3',
    continualLearning: '3', safetyFocus: '3', communication: '3', initiative: '3', openDiscussion: '3', targets: 'Grow into the platform team',
  }).returning();
  const [objective] = await hub.db.insert(objectives).values({
    title: `Migrate the billing service ${tag}`, description: 'Move it to the new cluster', category: 'Technology', subcategory: 'Development', priority: 'high',
    deadline: '2031-06-30', isPublic: true, authorId: person.id, ownerId: person.id, teamId: team.id,
  }).returning();
  const [keyResult] = await hub.db.insert(keyResults).values({
    objectiveId: objective.id, title: 'Cut over', description: 'No downtime', priority: 'high', deadline: '2031-06-01', ownerId: person.id, authorId: person.id,
  }).returning();
  await hub.db.insert(keyResultCheckIns).values({ keyResultId: keyResult.id, percent: 40, confidence: 'on_track', comment: 'Half way', authorId: person.id });
  const [mentioned] = await hub.db.insert(objectives).values({
    title: `Pair with ${name}`, description: `Ask ${markers.email} or ${markers.officialName} about billing.`, category: 'Technology', subcategory: 'Development',
    priority: 'low', deadline: '2031-06-30', isPublic: true, authorId: demo.admin, ownerId: demo.admin, teamId: team.id,
  }).returning();
  await hub.db.insert(holidayEvents).values({ externalId: `h-${tag}`, userId: person.id, title: `${name} - ${markers.holiday}`, start: '2031-01-05', end: '2031-01-06', type: 'Medical', teamIds: [team.id] });
  await hub.db.insert(holidayEvents).values({ externalId: `h2-${tag}`, userId: null, title: `${name} - Vacation Day`, start: '2031-02-05', end: '2031-02-06', type: 'De odihna', teamIds: [] });
  await hub.db.insert(daysLeft).values({ email: markers.email, daysLeft: 12 });
  await hub.db.insert(timetrackingAccounts).values({ userId: person.id, externalUser: markers.timeUser });
  await hub.db.insert(timetrackingTasks).values({ externalId: `t-${tag}`, userId: person.id, date: '2030-05-05', summary: markers.task, hours: 3.5 });
  await hub.db.insert(invitations).values({ inviterId: person.id, email: markers.invitee });
  await hub.db.insert(importRuns).values({ source: 'timetracking', status: 'failed', finishedAt: new Date(), message: `Unknown time-tracking user(s): ${name}.` });
  // audit rows they made, and rows about them that quote their fields (a role change, then archiving)
  await hub.db.insert(auditLog).values({ actorId: person.id, entity: 'team', entityId: String(team.id), action: 'update', before: { name: team.name }, after: { name: team.name } });
  const [userRole] = await hub.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'User'));
  expect((await hub.request('PUT', `/api/admin/users/${person.id}/role`, { token: tokens.admin, body: { role_id: userRole.id } })).status).toBe(200);
  expect((await hub.request('DELETE', `/api/user/${person.id}`, { token: tokens.admin })).status).toBe(200);
  // archiving deleted the sessions; one a hub of an older version left behind is still theirs
  const ended = new Date(Date.now() - 86_400_000);
  const [left] = await hub.db.insert(sessions).values({ tokenHash: m('token'), userId: person.id, expiresAt: ended, revokedAt: ended, userAgent: markers.agent, createdAddress: markers.sessionAddress }).returning();
  await hub.db.insert(sessionActivity).values({ sessionId: left.id, lastSeenAt: ended, lastAddress: markers.sessionAddress });
  // the admins were reminded they are past the retention period
  await hub.db.insert(retentionReminders).values({ userId: person.id, archivedAt: ended });

  const values = [...Object.values(markers), dottedName(name), ...feedHashes];
  return { person, report, markers, values, token, feedPaths, objective, keyResult, mentioned, aboutThem, byThem };
}

/** Every column of every table in the database, as text (bytea by its bytes), that holds one of the values. */
async function columnsHolding(db: Db, values: string[]): Promise<string[]> {
  const columns = rowsOf<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(await db.execute(sql`
    select c.table_schema, c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'`));
  expect(columns.length).toBeGreaterThan(150);
  const wanted = sql`unnest(array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[])`;
  const found: string[] = [];
  for (const c of columns) {
    const table = sql`${sql.identifier(c.table_schema)}.${sql.identifier(c.table_name)}`;
    const column = sql.identifier(c.column_name);
    const holds = c.data_type === 'bytea'
      ? sql`position(convert_to(v, 'UTF8') in ${column}) > 0`
      : sql`strpos(lower(${column}::text), lower(v)) > 0`;
    const hits = rowsOf<{ v: string }>(await db.execute(sql`select v from ${wanted} as v where exists (select 1 from ${table} where ${holds})`));
    for (const hit of hits) found.push(`${c.table_name}.${c.column_name}: ${hit.v}`);
  }
  return found;
}

const erase = (id: number, token?: string) => hub.request('DELETE', `/api/admin/users/${id}/personal-data`, { token });

describe('DELETE /admin/users/:id/personal-data', () => {
  it('erases an archived person: no value of theirs is left in any column of any table; records stay by "Former employee #id"', async () => {
    const seeded = await seedPerson();
    const { person } = seeded;
    expect((await columnsHolding(hub.db, seeded.values)).length, 'the markers are in the database before').toBeGreaterThan(25);

    const res = await erase(person.id, tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = erasureResponseSchema.parse(camelize(res.body)).data;
    expect(answer).toMatchObject({ id: person.id, name: formerEmployeeName(person.id) });
    expect(answer.deleted).toMatchObject({ files: 2, evaluations: 1, notifications: 1 });
    expect(answer.deleted.sessions).toBe(1);
    expect(answer.deleted.signIns).toBeGreaterThanOrEqual(2);

    expect(await columnsHolding(hub.db, seeded.values)).toEqual([]);
    expect(await hub.db.select().from(retentionReminders).where(eq(retentionReminders.userId, person.id))).toEqual([]);
    // their calendar feeds are gone with their hashes (in columnsHolding's values), and every address answers 404
    expect(await hub.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, person.id))).toEqual([]);
    for (const path of seeded.feedPaths) expect((await hub.get(path)).status, path).toBe(404);

    // the account: anonymous, archived, and nobody signs in as it
    const [row] = await hub.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({
      name: formerEmployeeName(person.id), username: formerEmployeeUsername(person.id), email: null, phone: null, joinDate: null,
      imageUrl: null, pictureFileId: null, passwordHash: null, lastLogin: null, extras: {}, status: 'deleted', teamleadId: demo.lead,
    });
    for (const username of [seeded.markers.username, seeded.markers.email, formerEmployeeUsername(person.id)]) {
      expect((await hub.request('POST', '/api/auth/login', { body: { username, password: TEST_PASSWORD } })).status).toBe(401);
    }
    expect((await hub.get('/api/auth/me', { token: seeded.token })).status).toBe(401);

    // the company's records: objectives, key results, check-ins, evaluations they wrote, memberships, reports
    const [objective] = await hub.db.select().from(objectives).where(eq(objectives.id, seeded.objective.id));
    expect(objective).toMatchObject({ ownerId: person.id, authorId: person.id, title: seeded.objective.title });
    const shown = await hub.get(`/api/objective/${seeded.objective.id}`, { token: tokens.admin });
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body)).toContain(formerEmployeeName(person.id));
    expect(await hub.db.select().from(keyResultCheckIns).where(eq(keyResultCheckIns.authorId, person.id))).toHaveLength(1);
    expect(await hub.db.select().from(evaluations).where(eq(evaluations.id, seeded.byThem.id))).toHaveLength(1);
    expect(await hub.db.select().from(evaluations).where(eq(evaluations.id, seeded.aboutThem.id))).toHaveLength(0);
    expect(await hub.db.select().from(teamMembers).where(eq(teamMembers.userId, person.id))).toHaveLength(1);
    expect((await hub.db.select().from(users).where(eq(users.id, seeded.report.id)))[0].teamleadId).toBe(person.id);
    // what others wrote names the former employee instead
    const [mentioned] = await hub.db.select().from(objectives).where(eq(objectives.id, seeded.mentioned.id));
    expect(mentioned.title).toBe(`Pair with ${formerEmployeeName(person.id)}`);
    expect(mentioned.description).toBe(`Ask ${formerEmployeeName(person.id)} or ${formerEmployeeName(person.id)} about billing.`);
    const adminNotices = await hub.db.select().from(notifications).where(eq(notifications.userId, demo.admin));
    expect(adminNotices.map((n) => n.body)).toContain(`${formerEmployeeName(person.id)} asks to complete "Ship it".`);

    // the audit log: their actions under the anonymous name, the erasure itself recorded without values
    const trail = auditResponseSchema.parse(camelize((await hub.get(`/api/audit?actor=${person.id}`, { token: tokens.admin })).body)).data;
    // the team change and the picture upload
    expect(trail.items.map((i) => i.actor?.name)).toEqual([formerEmployeeName(person.id), formerEmployeeName(person.id)]);
    const about = await hub.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(person.id))));
    const erasure = about.filter((a) => a.action === 'erase personal data');
    expect(erasure).toHaveLength(1);
    expect(erasure[0]).toMatchObject({ actorId: demo.admin, before: null, after: { name: formerEmployeeName(person.id), deleted: answer.deleted } });
    expect(about.map((a) => a.action)).toEqual(expect.arrayContaining(['role', 'archive', 'picture']));

    // single sign-on with their old email no longer finds the account: it would be a newcomer's
    const newcomer = await signInExternal(hub.db, { email: seeded.markers.email, name: 'Someone New', username: 'someone.new' }, { method: 'oidc', address: '127.0.0.1', defaultRole: 'User' });
    expect(newcomer.user.id).not.toBe(person.id);
    expect((await hub.db.select({ email: users.email }).from(users).where(eq(users.id, person.id)))[0].email).toBeNull();
  }, 120_000); // it reads every text column of every table twice: the slowest test of the file by far

  it('erases a demo person as the seed made them: none of their values is left in any column of any table', async () => {
    // the demo colleague with the most objectives whose name, username, email and phone are in no
    // other person's row (a name inside another's, 'Ana Pop' in 'Ana Popescu', is not theirs to erase)
    const logins = Object.values(demo);
    const candidates = await hub.db.select({ id: users.id, name: users.name, username: users.username, email: users.email, phone: users.phone })
      .from(users)
      .where(and(eq(users.status, 'active'), sql`${users.id} not in (${sql.join(logins.map((id) => sql`${id}`), sql`, `)})`))
      .orderBy(sql`(select count(*) from objectives o where o.owner_id = ${users.id}) desc`, users.id)
      .limit(20);
    let chosen: (typeof candidates)[number] | undefined;
    for (const c of candidates) {
      const values = [c.name, c.username, c.email, c.phone].filter((v): v is string => Boolean(v));
      const clashes = await hub.db.select({ id: users.id }).from(users).where(and(sql`${users.id} <> ${c.id}`, sql`(${sql.join(values.map((v) => sql`strpos(lower(concat_ws(' ', ${users.name}, ${users.username}, ${users.email}, ${users.phone})), lower(${v})) > 0`), sql` or `)})`));
      if (clashes.length === 0) { chosen = c; break; }
    }
    expect(chosen, 'a demo person whose values are theirs alone').toBeDefined();
    const person = chosen!;
    const values = [person.name, person.username, person.email, person.phone].filter((v): v is string => Boolean(v));
    expect(values.length).toBeGreaterThanOrEqual(3);
    const owned = await hub.db.select({ id: objectives.id }).from(objectives).where(eq(objectives.ownerId, person.id));
    expect(owned.length, 'the seed gave them objectives').toBeGreaterThan(0);
    expect((await columnsHolding(hub.db, values)).length, 'their values are in the database before').toBeGreaterThan(0);

    expect((await hub.request('DELETE', `/api/user/${person.id}`, { token: tokens.admin })).status).toBe(200);
    const res = await erase(person.id, tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await columnsHolding(hub.db, values)).toEqual([]);
    // their objectives stay, owned by the former employee
    expect(await hub.db.select({ id: objectives.id }).from(objectives).where(eq(objectives.ownerId, person.id))).toHaveLength(owned.length);
  });

  it('exports, statistics, plans and the lists still answer after an erasure', async () => {
    const { person } = await seedPerson();
    expect((await erase(person.id, tokens.admin)).status).toBe(200);
    for (const path of [
      '/api/exports/users.xlsx', `/api/exports/users/${person.id}.xlsx`, '/api/user/plans', '/api/statistics',
      '/api/statistics?from=2020-01-01&to=2031-12-31', '/api/exports/plans.xlsx', '/api/admin/users?status=deleted&limit=100', '/api/audit', '/api/audit/actors',
      `/api/user/${person.id}`, '/api/org-chart',
    ]) {
      const res = await hub.get(path, { token: tokens.admin });
      expect(res.status, `${path}: ${typeof res.body === 'string' ? res.body.slice(0, 200) : JSON.stringify(res.body)}`).toBe(200);
    }
    const archived = await hub.get(`/api/admin/users?status=deleted&search=${encodeURIComponent(formerEmployeeName(person.id))}`, { token: tokens.admin });
    expect(archived.body.data.items.map((u: { name: string }) => u.name)).toEqual([formerEmployeeName(person.id)]);
  });

  it('refuses an active person (409, nothing changes), an unknown id (404), a second erasure (409, no second audit row) and a restore after it', async () => {
    const active = await createUser(hub.db);
    const refused = await erase(active.id, tokens.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].message).toBe(ERASURE_MESSAGES.notArchived);
    expect((await hub.db.select().from(users).where(eq(users.id, active.id)))[0].name).toBe(active.name);

    const unknown = await erase(2_000_000_000, tokens.admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBe(ERASURE_MESSAGES.notFound);

    const gone = await createUser(hub.db, { status: 'deleted' });
    expect((await erase(gone.id, tokens.admin)).status).toBe(200);
    const twice = await erase(gone.id, tokens.admin);
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].message).toBe(ERASURE_MESSAGES.alreadyErased);
    // nor does a restore bring the anonymous record back as someone
    const restore = await hub.request('PATCH', `/api/user/${gone.id}/restore`, { token: tokens.admin });
    expect(restore.status).toBe(409);
    expect(restore.body.errors[0].message).toBe(ERASURE_MESSAGES.restoreErased);
    expect((await hub.db.select().from(users).where(eq(users.id, gone.id)))[0].status).toBe('deleted');
    const rows = await hub.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(gone.id)), eq(auditLog.action, 'erase personal data')));
    expect(rows).toHaveLength(1);
  });

  it('keeps an erased record read-only: no edit, role or password reset brings a person back (409, nothing changes)', async () => {
    const gone = await createUser(hub.db, { status: 'deleted' });
    expect((await erase(gone.id, tokens.admin)).status).toBe(200);
    const [before] = await hub.db.select().from(users).where(eq(users.id, gone.id));
    const team = await createTeam(hub.db);
    const [job] = await hub.db.execute(sql`select id from jobs limit 1`).then(rowsOf<{ id: number }>);
    const edit = updateMemberSchema.parse({ name: 'Erin Back', email: 'erin.back@work.test', phone: '+40 700 000 000', teamIds: [team.id], jobId: job.id });
    const [role] = await hub.db.select({ id: roles.id }).from(roles).where(and(eq(roles.status, 'active'), sql`${roles.id} <> ${before.roleId ?? 0}`)).limit(1);
    for (const [method, path, body] of [
      ['PUT', `/api/user/${gone.id}`, edit],
      ['PUT', `/api/admin/users/${gone.id}/role`, userRoleBodySchema.parse({ roleId: role.id })],
      ['POST', `/api/admin/users/${gone.id}/password-reset`, undefined],
    ] as const) {
      const res = await hub.request(method, path, { token: tokens.admin, body: snakify(body) });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.errors[0].message).toBe(ERASURE_MESSAGES.changeErased);
    }
    const [after] = await hub.db.select().from(users).where(eq(users.id, gone.id));
    expect(after).toEqual(before);
  });

  it.each(['member', 'lead', 'manager', 'guest'])('refuses the %s (403) and changes nothing', async (who) => {
    const gone = await createUser(hub.db, { status: 'deleted' });
    const res = await erase(gone.id, tokens[who]);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBeTruthy();
    expect((await hub.db.select().from(users).where(eq(users.id, gone.id)))[0].name).toBe(gone.name);
  });

  it('refuses a request without a session (401)', async () => {
    const gone = await createUser(hub.db, { status: 'deleted' });
    expect((await erase(gone.id)).status).toBe(401);
    expect((await hub.db.select().from(users).where(eq(users.id, gone.id)))[0].name).toBe(gone.name);
  });

  it('gives a unique anonymous username when "former-<id>" is somebody\'s already', async () => {
    const gone = await createUser(hub.db, { status: 'deleted' });
    await createUser(hub.db, { username: formerEmployeeUsername(gone.id) });
    expect((await erase(gone.id, tokens.admin)).status).toBe(200);
    const [row] = await hub.db.select({ username: users.username }).from(users).where(eq(users.id, gone.id));
    expect(row.username).toBe(`${formerEmployeeUsername(gone.id)}-2`);
  });
});
