import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, importRuns, loginEvents, sessionActivity, sessions, settings, users } from '../../server/db/schema';
import { notifications } from '../../server/features/notifications/schema';
import { outbox } from '../../server/features/outbox';
import { retentionReminders, retentionRuns } from '../../server/features/personal-data/retention-schema';
import { RETENTION_JOB, retentionJobs, runRetention } from '../../server/features/personal-data/retention/job';
import { cutoffOf, purgeKind } from '../../server/features/personal-data/retention/purge';
import { RETENTION_KEY } from '../../server/features/personal-data/retention/settings';
import { startScheduler } from '../../server/scheduler';
import { createSession } from '../../server/features/auth/sessions';
import { apiTokens } from '../../server/features/auth/api-tokens-schema';
import { camelize } from '../../shared/api/case';
import { retentionRunResponseSchema, retentionRunsResponseSchema, retentionSettingsResponseSchema } from '../../shared/api/retention';
import { DEFAULT_RETENTION, retentionMessage, type RetentionPeriods } from '../../shared/rules/retention';
import { createRole, createTeam, createUser } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Retention of personal data (docs/personal-data.md, 'How long'): the periods an admin sets in
// Admin → Retention, and the scheduled job that deletes what is past them, in batches, under its
// lease, and reminds the admins (once) about archived people past theirs.

let hub: TestHub;
const tokens: Record<'admin' | 'member' | 'lead' | 'guest', string> = { admin: '', member: '', lead: '', guest: '' };
let adminId: number;

beforeAll(async () => {
  hub = await startTestHub();
  const adminRole = await createRole(hub.db, { capabilities: ['VIEW_ADMIN'] });
  // the barred role never enters the admin area, whatever its capabilities (spec §2/§6)
  const guestRole = await createRole(hub.db, { name: 'Guest', capabilities: ['VIEW_ADMIN'] });
  const team = await createTeam(hub.db);
  const admin = await createUser(hub.db, { roleId: adminRole.id, firstLogin: false });
  adminId = admin.id;
  const people = {
    admin,
    member: await createUser(hub.db, { teamIds: [team.id], firstLogin: false }),
    lead: await createUser(hub.db, { leads: [team.id], firstLogin: false }),
    guest: await createUser(hub.db, { roleId: guestRole.id, firstLogin: false }),
  };
  for (const who of ['admin', 'member', 'lead', 'guest'] as const) tokens[who] = (await createSession(hub.db, people[who].id)).token;
});
afterAll(() => hub?.close());

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
/** the wire body of a PUT: snake_case keys */
const wire = (periods: RetentionPeriods) => ({
  sign_in_events: periods.signInEvents, ended_sessions: periods.endedSessions, read_notifications: periods.readNotifications,
  import_runs: periods.importRuns, audit_log: periods.auditLog, archived_people: periods.archivedPeople,
});
const setPeriods = (periods: RetentionPeriods) =>
  hub.db.insert(settings).values({ key: RETENTION_KEY, value: periods }).onConflictDoUpdate({ target: settings.key, set: { value: periods } });

describe('Admin → Retention: allowed', () => {
  it('an admin reads the documented defaults, changes a period, and the change is audited (a save that changes nothing is not)', async () => {
    await hub.db.delete(settings).where(eq(settings.key, RETENTION_KEY));
    const read = await hub.get('/api/admin/retention', { token: tokens.admin });
    expect(read.status).toBe(200);
    expect(retentionSettingsResponseSchema.parse(camelize(read.body)).data.periods).toEqual(DEFAULT_RETENTION);

    const next = { ...DEFAULT_RETENTION, signInEvents: 180, importRuns: null };
    const saved = await hub.request('PUT', '/api/admin/retention', { token: tokens.admin, body: wire(next) });
    expect(saved.status).toBe(200);
    expect(retentionSettingsResponseSchema.parse(camelize(saved.body)).data.periods).toEqual(next);
    expect(retentionSettingsResponseSchema.parse(camelize((await hub.get('/api/admin/retention', { token: tokens.admin })).body)).data.periods).toEqual(next);

    const audited = await hub.db.select().from(auditLog).where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, RETENTION_KEY)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: adminId, action: 'update', before: { signInEvents: 365, importRuns: 365 }, after: { signInEvents: 180, importRuns: null } });

    expect((await hub.request('PUT', '/api/admin/retention', { token: tokens.admin, body: wire(next) })).status).toBe(200);
    expect(await hub.db.select().from(auditLog).where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, RETENTION_KEY)))).toHaveLength(1);
    await hub.db.delete(settings).where(eq(settings.key, RETENTION_KEY));
  });
});

describe('Admin → Retention: Run now', () => {
  it('an admin runs it now: the answer is the run, listed with this hub, and the run is audited', async () => {
    const person = await createUser(hub.db, { firstLogin: false });
    await hub.db.insert(loginEvents).values({ userId: person.id, username: person.username, address: '10.0.0.3', success: true, createdAt: new Date(Date.now() - 400 * DAY) });
    const res = await hub.post('/api/admin/retention/runs', undefined, { token: tokens.admin });
    expect(res.status).toBe(200);
    const { run } = retentionRunResponseSchema.parse(camelize(res.body)).data;
    expect(run).toMatchObject({ status: 'succeeded', hub: expect.stringMatching(/ http:\/\/127\.0\.0\.1:\d+$/), finishedAt: expect.any(String) });
    expect(run.removed.signInEvents).toBeGreaterThanOrEqual(1);
    expect(await hub.db.select().from(loginEvents).where(eq(loginEvents.userId, person.id))).toEqual([]);
    const listed = retentionRunsResponseSchema.parse(camelize((await hub.get('/api/admin/retention/runs', { token: tokens.admin })).body)).data.runs;
    expect(listed[0]).toEqual(run);
    const [audited] = await hub.db.select().from(auditLog).where(and(eq(auditLog.entityId, RETENTION_KEY), eq(auditLog.action, 'run')));
    expect(audited).toMatchObject({ actorId: adminId, entity: 'setting', after: { run: run.id, removed: run.removed, reminded: run.reminded } });
  });
});

describe('Admin → Retention: refused', () => {
  const calls = [
    ['GET', '/api/admin/retention', undefined],
    ['PUT', '/api/admin/retention', wire(DEFAULT_RETENTION)],
    ['GET', '/api/admin/retention/runs', undefined],
    ['POST', '/api/admin/retention/runs', undefined],
  ] as const;

  it.each(['member', 'lead', 'guest'] as const)('a %s gets 403 from every retention call, and nothing changes or runs', async (who) => {
    const runsBefore = (await hub.db.select().from(retentionRuns)).length;
    for (const [method, path, body] of calls) {
      const res = await hub.request(method, path, { token: tokens[who], body: body && { ...body, sign_in_events: 31 } });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.errors[0].message).toEqual(expect.any(String));
    }
    expect(await hub.db.select().from(settings).where(eq(settings.key, RETENTION_KEY))).toEqual([]);
    expect(await hub.db.select().from(retentionRuns)).toHaveLength(runsBefore);
  });

  it('no session gets 401', async () => {
    for (const [method, path, body] of calls) expect((await hub.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
  });

  it('bad periods are a 400 naming each field with its one message, and nothing is saved', async () => {
    const res = await hub.request('PUT', '/api/admin/retention', {
      token: tokens.admin,
      body: { sign_in_events: 29, ended_sessions: 'ninety', read_notifications: null, import_runs: 1.5, audit_log: 364, archived_people: 3651 },
    });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({
      sign_in_events: retentionMessage('signInEvents'),
      ended_sessions: retentionMessage('endedSessions'),
      read_notifications: retentionMessage('readNotifications'),
      import_runs: retentionMessage('importRuns'),
      audit_log: retentionMessage('auditLog'),
      archived_people: retentionMessage('archivedPeople'),
    });
    const missing = await hub.request('PUT', '/api/admin/retention', { token: tokens.admin, body: { sign_in_events: 30 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['archived_people', 'audit_log', 'ended_sessions', 'import_runs', 'read_notifications']);
    expect(await hub.db.select().from(settings).where(eq(settings.key, RETENTION_KEY))).toEqual([]);
  });
});

describe('the retention job', () => {
  it('removes exactly what is past its period: rows just inside it, unread notifications, live sessions and running imports stay', async () => {
    const now = new Date();
    await setPeriods(DEFAULT_RETENTION);
    const person = await createUser(hub.db, { firstLogin: false });
    const justPast = (days: number) => ago(now, days * DAY + HOUR);
    const justInside = (days: number) => ago(now, days * DAY - HOUR);

    const events = await hub.db.insert(loginEvents).values([
      { userId: person.id, username: person.username, address: '10.0.0.1', success: true, createdAt: justPast(365) },
      { userId: person.id, username: person.username, address: '10.0.0.1', success: false, createdAt: justInside(365) },
    ]).returning();
    const sessionRows = await hub.db.insert(sessions).values([
      { tokenHash: `r-${now.getTime()}-1`, userId: person.id, createdAt: justPast(200), expiresAt: justPast(100), revokedAt: justPast(90) },
      { tokenHash: `r-${now.getTime()}-2`, userId: person.id, createdAt: justPast(200), expiresAt: justPast(90) },
      { tokenHash: `r-${now.getTime()}-3`, userId: person.id, createdAt: justPast(200), expiresAt: justPast(30), revokedAt: justInside(90) },
      // signed in long ago, still live: it has not ended
      { tokenHash: `r-${now.getTime()}-4`, userId: person.id, createdAt: justPast(400), expiresAt: new Date(now.getTime() + DAY) },
    ]).returning();
    await hub.db.insert(sessionActivity).values({ sessionId: sessionRows[0].id, lastSeenAt: justPast(90) });
    // an API token expired past the ended sessions' period goes with them; one expired lately stays
    const tokenRows = await hub.db.insert(apiTokens).values([
      { userId: person.id, name: 'old', scope: 'read', tokenHash: `r-${now.getTime()}-t1`, createdAt: justPast(200), expiresAt: justPast(90) },
      { userId: person.id, name: 'recent', scope: 'read', tokenHash: `r-${now.getTime()}-t2`, createdAt: justPast(200), expiresAt: justInside(90) },
    ]).returning();
    const notes = await hub.db.insert(notifications).values([
      { userId: person.id, kind: 'check_in_reminder', title: 'a', body: 'read long ago', link: '/', createdAt: justPast(400), readAt: justPast(180) },
      { userId: person.id, kind: 'check_in_reminder', title: 'b', body: 'read lately', link: '/', createdAt: justPast(400), readAt: justInside(180) },
      { userId: person.id, kind: 'check_in_reminder', title: 'c', body: 'never read', link: '/', createdAt: justPast(1000) },
    ]).returning();
    const runs = await hub.db.insert(importRuns).values([
      { source: 'retention:old', status: 'succeeded', startedAt: justPast(366), finishedAt: justPast(365) },
      { source: 'retention:recent', status: 'failed', startedAt: justPast(366), finishedAt: justInside(365) },
      { source: 'retention:running', status: 'running', startedAt: justPast(800) },
    ]).returning();
    const entries = await hub.db.insert(auditLog).values([
      { actorId: adminId, entity: 'team', entityId: '1', action: 'update', createdAt: justPast(1095) },
      { actorId: adminId, entity: 'team', entityId: '1', action: 'update', createdAt: justInside(1095) },
    ]).returning();
    const message = (status: string, at: Partial<Record<'sentAt' | 'failedAt' | 'createdAt', Date>>, n: number) => ({
      channel: 'email', kind: 'test', recipientId: person.id, payload: {}, messageId: `<retention-${now.getTime()}-${n}@test>`, status, ...at,
    });
    const messages = await hub.db.insert(outbox).values([
      message('sent', { createdAt: justPast(31), sentAt: justPast(30) }, 1),
      message('failed', { createdAt: justPast(31), failedAt: justPast(30) }, 2),
      message('digested', { createdAt: justPast(30) }, 3),
      message('sent', { createdAt: justPast(31), sentAt: justInside(30) }, 4),
      // still to go, however old: never removed
      message('queued', { createdAt: justPast(300) }, 5),
      message('digest', { createdAt: justPast(300) }, 6),
    ]).returning();
    // the other tests' rows (and the admins' sessions) are all recent: nothing of theirs goes
    const run = await runRetention(hub.db, now, { hub: 'hub-a' });

    expect(run).toMatchObject({ status: 'succeeded', hub: 'hub-a', removed: { signInEvents: 1, endedSessions: 3, readNotifications: 1, sentMessages: 3, importRuns: 1, auditLog: 1 }, reminded: 0 });
    const left = async <T extends { id: number }>(rows: T[], read: (ids: number[]) => Promise<{ id: number }[]>) => (await read(rows.map((r) => r.id))).map((r) => r.id).sort((a, b) => a - b);
    expect(await left(events, (ids) => hub.db.select({ id: loginEvents.id }).from(loginEvents).where(inArray(loginEvents.id, ids)))).toEqual([events[1].id]);
    expect(await left(sessionRows, (ids) => hub.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids)))).toEqual([sessionRows[2].id, sessionRows[3].id]);
    expect(await hub.db.select().from(sessionActivity).where(eq(sessionActivity.sessionId, sessionRows[0].id))).toEqual([]);
    expect(await left(tokenRows, (ids) => hub.db.select({ id: apiTokens.id }).from(apiTokens).where(inArray(apiTokens.id, ids)))).toEqual([tokenRows[1].id]);
    expect(await left(notes, (ids) => hub.db.select({ id: notifications.id }).from(notifications).where(inArray(notifications.id, ids)))).toEqual([notes[1].id, notes[2].id]);
    expect(await left(runs, (ids) => hub.db.select({ id: importRuns.id }).from(importRuns).where(inArray(importRuns.id, ids)))).toEqual([runs[1].id, runs[2].id]);
    expect(await left(entries, (ids) => hub.db.select({ id: auditLog.id }).from(auditLog).where(inArray(auditLog.id, ids)))).toEqual([entries[1].id]);
    expect(await left(messages, (ids) => hub.db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, ids)))).toEqual([messages[3].id, messages[4].id, messages[5].id]);

    // Admin → Retention's last runs: what it removed, when, on which hub
    const listed = await hub.get('/api/admin/retention/runs', { token: tokens.admin });
    expect(listed.status).toBe(200);
    const shown = retentionRunsResponseSchema.parse(camelize(listed.body)).data.runs.find((r) => r.id === run.id);
    expect(shown).toMatchObject({ hub: 'hub-a', status: 'succeeded', removed: run.removed, finishedAt: expect.any(String) });

    // a second run finds nothing more
    expect((await runRetention(hub.db, now, { hub: 'hub-a' })).removed).toEqual({ signInEvents: 0, endedSessions: 0, readNotifications: 0, sentMessages: 0, importRuns: 0, auditLog: 0 });
  });

  it('deletes in batches, each its own statement: a batch of 2 removes 5 rows over 3 statements', async () => {
    const now = new Date();
    const person = await createUser(hub.db, { firstLogin: false });
    const old = ago(now, 5 * 365 * DAY);
    await hub.db.insert(loginEvents).values(Array.from({ length: 5 }, () => ({ userId: person.id, username: person.username, address: '10.0.0.2', success: true, createdAt: old })));
    const batches: number[] = [];
    const removed = await purgeKind(hub.db, 'signInEvents', cutoffOf(4 * 365, now), { batchSize: 2, onBatch: (_kind, n) => void batches.push(n) });
    expect(removed).toBe(5);
    expect(batches).toEqual([2, 2, 1]);
    expect(await hub.db.select().from(loginEvents).where(eq(loginEvents.userId, person.id))).toEqual([]);
  });

  it('a kind kept for ever is never removed', async () => {
    const now = new Date();
    await setPeriods({ ...DEFAULT_RETENTION, importRuns: null, auditLog: null });
    const [run] = await hub.db.insert(importRuns).values({ source: 'retention:ancient', status: 'succeeded', startedAt: ago(now, 4000 * DAY), finishedAt: ago(now, 4000 * DAY) }).returning();
    const [entry] = await hub.db.insert(auditLog).values({ actorId: adminId, entity: 'team', entityId: '2', action: 'update', createdAt: ago(now, 4000 * DAY) }).returning();
    const result = await runRetention(hub.db, now, { hub: 'hub-a' });
    expect(result.removed).toMatchObject({ importRuns: 0, auditLog: 0 });
    expect(await hub.db.select({ id: importRuns.id }).from(importRuns).where(eq(importRuns.id, run.id))).toHaveLength(1);
    expect(await hub.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, entry.id))).toHaveLength(1);
    await setPeriods(DEFAULT_RETENTION);
  });

  it('two hubs ticking the job at once run it once under its lease', async () => {
    const quiet = { info: () => undefined, error: () => undefined };
    const one = startScheduler(hub.db, quiet, retentionJobs(hub.db, quiet, { hub: 'hub-one' }), { holder: 'one', timers: false });
    const two = startScheduler(hub.db, quiet, retentionJobs(hub.db, quiet, { hub: 'hub-two' }), { holder: 'two', timers: false });
    try {
      const ran = await Promise.all([one.tick(RETENTION_JOB), two.tick(RETENTION_JOB)]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      const listed = retentionRunsResponseSchema.parse(camelize((await hub.get('/api/admin/retention/runs', { token: tokens.admin })).body)).data.runs;
      expect(listed.filter((r) => r.hub === 'hub-one' || r.hub === 'hub-two')).toHaveLength(1);
    } finally {
      await one.stop();
      await two.stop();
    }
  });
});

describe('archived people past their period', () => {
  it('the admins are reminded once per person, never the others; the person is not erased; archived again, they are reminded again', async () => {
    const now = new Date();
    await setPeriods({ ...DEFAULT_RETENTION, archivedPeople: 365 });
    const adminRole = await createRole(hub.db, { capabilities: ['VIEW_ADMIN'] });
    const otherAdmin = await createUser(hub.db, { roleId: adminRole.id, firstLogin: false });
    const member = await createUser(hub.db, { firstLogin: false });
    const past = await createUser(hub.db, { status: 'deleted', name: 'Ana Past' });
    const recent = await createUser(hub.db, { status: 'deleted', name: 'Bo Recent' });
    await hub.db.update(users).set({ archivedAt: ago(now, 366 * DAY) }).where(eq(users.id, past.id));
    await hub.db.update(users).set({ archivedAt: ago(now, 363 * DAY) }).where(eq(users.id, recent.id));
    const remindersOf = async (userId: number) => hub.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'archived_past_retention')));

    const first = await runRetention(hub.db, now, { hub: 'hub-a' });
    expect(first.reminded).toBe(1);
    for (const id of [adminId, otherAdmin.id]) {
      const got = await remindersOf(id);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ title: 'Archived person past the retention period', link: `/profile/${past.id}` });
      expect(got[0].body).toContain('Ana Past');
    }
    expect(await remindersOf(member.id)).toEqual([]);
    expect((await hub.db.select({ status: users.status }).from(users).where(eq(users.id, past.id)))[0].status).toBe('deleted');

    // the next runs (the next day, another hub) tell nobody again, even once the admin read and the
    // retention of read notifications removed the reminder
    await hub.db.update(notifications).set({ readAt: ago(now, 400 * DAY) }).where(eq(notifications.kind, 'archived_past_retention'));
    const second = await runRetention(hub.db, new Date(now.getTime() + DAY), { hub: 'hub-b' });
    expect(second.reminded).toBe(0);
    expect(await remindersOf(adminId)).toEqual([]);

    // restored and archived again: a new archiving, a new reminder once it is past the period
    await hub.db.update(users).set({ archivedAt: ago(now, 500 * DAY) }).where(eq(users.id, past.id));
    expect((await runRetention(hub.db, now, { hub: 'hub-a' })).reminded).toBe(1);
    expect(await remindersOf(adminId)).toHaveLength(1);
    expect(await hub.db.select().from(retentionReminders).where(eq(retentionReminders.userId, past.id))).toHaveLength(1);
  });

  it('archiving someone records when (the period counts from it); restoring clears it', async () => {
    const remover = await createUser(hub.db, { roleId: (await createRole(hub.db, { capabilities: ['VIEW_ADMIN', 'REMOVE_USERS', 'VIEW_ARCHIVED_USERS'] })).id, firstLogin: false });
    const token = (await createSession(hub.db, remover.id)).token;
    const person = await createUser(hub.db, { firstLogin: false });
    const archivedAt = async () => (await hub.db.select({ at: users.archivedAt }).from(users).where(eq(users.id, person.id)))[0].at;
    const before = Date.now();
    expect((await hub.request('DELETE', `/api/user/${person.id}`, { token })).status).toBe(200);
    expect((await archivedAt())!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await hub.request('PATCH', `/api/user/${person.id}/restore`, { token })).status).toBe(200);
    expect(await archivedAt()).toBeNull();
  });

  it('someone archived before archived_at existed counts from their last change, with the database’s precision, and is reminded once', async () => {
    const now = new Date();
    await setPeriods({ ...DEFAULT_RETENTION, archivedPeople: 365 });
    const person = await createUser(hub.db, { status: 'deleted', name: 'Cy Before' });
    // microseconds, as now() writes them: a round trip through a Date would lose them
    await hub.db.update(users).set({ archivedAt: null, updatedAt: sql`now() - interval '400 days 0.123456 seconds'` }).where(eq(users.id, person.id));
    const about = async () => (await hub.db.select().from(notifications).where(and(eq(notifications.userId, adminId), eq(notifications.kind, 'archived_past_retention')))).filter((n) => n.body.includes('Cy Before'));
    expect((await runRetention(hub.db, now, { hub: 'hub-a' })).reminded).toBe(1);
    expect((await runRetention(hub.db, now, { hub: 'hub-a' })).reminded).toBe(0);
    expect(await about()).toHaveLength(1);
  });

  it('the reminder’s switch is in the admins’ notification settings only', async () => {
    const kinds = async (token: string) => (await hub.get('/api/notifications/settings', { token })).body.data.items.map((s: { kind: string }) => s.kind);
    expect(await kinds(tokens.admin)).toContain('archived_past_retention');
    for (const who of ['member', 'lead', 'guest'] as const) expect(await kinds(tokens[who]), who).not.toContain('archived_past_retention');
  });

  it('a period kept for ever reminds nobody', async () => {
    const now = new Date();
    await setPeriods({ ...DEFAULT_RETENTION, archivedPeople: null });
    const person = await createUser(hub.db, { status: 'deleted' });
    await hub.db.update(users).set({ archivedAt: ago(now, 4000 * DAY) }).where(eq(users.id, person.id));
    expect((await runRetention(hub.db, now, { hub: 'hub-a' })).reminded).toBe(0);
    await setPeriods(DEFAULT_RETENTION);
  });
});
