import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { objectives } from '../../server/db/schema';
import { notifications } from '../../server/features/notifications/schema';
import { reminderJobs, REMINDERS_JOB, sendReminders } from '../../server/features/notifications/notification-reminders';
import { startScheduler } from '../../server/scheduler';
import { OBJECTIVE_MESSAGES } from '../../shared/rules/objective-messages';
import { camelize } from '../../shared/api/case';
import { notificationSettingsResponseSchema } from '../../shared/api/notification-settings';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub } from '../support/hub';
import { openSseStream as openStream } from '../support/sse';
import { buildWorld, day, type ObjectiveWorld, type Who } from './objectives-fixture';

// Notifications — who gets which kind, own-only reads, per-user settings,
// written in the event's transaction (a failed change leaves none), scheduled reminders once,
// and delivery over server-sent events (also from a second hub on the same database).

let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

const VALUES = {
  technical_expertise: '4', teamwork: '5', flexibility: '3', results_focus: '4', languages: '2', continual_learning: '3',
  safety_focus: '4', communication: '5', initiative: '1', open_discussion: '3', targets: 'Lead the next release.',
};

async function lastId(): Promise<number> {
  const [row] = await w.hub.db.select({ max: sql<number>`coalesce(max(${notifications.id}), 0)::int` }).from(notifications);
  return row.max;
}

/** Who got what since the mark, as `who:kind` (sorted), so "nobody else" is one assertion. */
async function sentSince(mark: number): Promise<string[]> {
  const rows = await w.hub.db.select({ userId: notifications.userId, kind: notifications.kind }).from(notifications).where(gt(notifications.id, mark));
  const name = (id: number) => (Object.entries(w.ids).find(([, v]) => v === id)?.[0] ?? `user ${id}`) as Who;
  return rows.map((r) => `${name(r.userId)}:${r.kind}`).sort();
}

async function waitingFor(action: 'complete' | 'delete', title = 'Ship the release'): Promise<number> {
  const o = (await w.create('member', { title })).body.data;
  const res = await w.put('member', o.id, { action });
  expect(res.body.data.status).toBe('waiting for approval');
  return o.id as number;
}

const list = (who: Who, query = '') => w.hub.get(`/api/notifications${query}`, { token: w.tokens[who] });
const setKind = (who: Who, kind: string, enabled: boolean) =>
  w.hub.request('PUT', '/api/notifications/settings', { token: w.tokens[who], body: { items: [{ kind, enabled }] } });

describe('created by the event, for the right people and nobody else', () => {
  it("a member's Complete notifies the team lead and teams manager of their team (not the owner, other teams or the member)", async () => {
    const mark = await lastId();
    await waitingFor('complete', 'Finish the migration');
    expect(await sentSince(mark)).toEqual(['lead:approval_requested', 'manager:approval_requested']);
    const item = (await list('lead')).body.data.items[0];
    expect(item).toMatchObject({
      kind: 'approval_requested', title: 'Objective waiting for your approval', body: 'Bogdan Member asks to complete "Finish the migration".',
      link: '/objective-tracking/approvals', read_at: null,
    });
  });

  it("a member's Delete asks the same approvers; a lead's own Complete asks nobody", async () => {
    let mark = await lastId();
    await waitingFor('delete', 'Drop the old API');
    expect(await sentSince(mark)).toEqual(['lead:approval_requested', 'manager:approval_requested']);
    expect((await list('manager')).body.data.items[0].body).toBe('Bogdan Member asks to delete "Drop the old API".');
    mark = await lastId();
    const own = (await w.create('lead')).body.data;
    expect((await w.put('lead', own.id, { action: 'complete' })).body.data.status).toBe('completed');
    expect(await sentSince(mark)).toEqual([]);
  });

  it('Approve tells the owner objective_approved; Remove tells objective_sent_back', async () => {
    const a = await waitingFor('complete', 'Approve me');
    let mark = await lastId();
    expect((await w.hub.post(`/api/objective/${a}/approval`, { decision: 'approve' }, { token: w.tokens.lead })).status).toBe(200);
    expect(await sentSince(mark)).toEqual(['member:objective_approved']);
    expect((await list('member')).body.data.items[0]).toMatchObject({
      title: 'Objective approved', body: 'Ana Lead approved completing "Approve me".', link: `/objective-tracking/objective-details?id=${a}`,
    });
    const b = await waitingFor('complete', 'Send me back');
    mark = await lastId();
    expect((await w.hub.post(`/api/objective/${b}/approval`, { decision: 'reject' }, { token: w.tokens.manager })).status).toBe(200);
    expect(await sentSince(mark)).toEqual(['member:objective_sent_back']);
    expect((await list('member')).body.data.items[0].body).toBe('Dan Manager sent "Send me back" back to in progress.');
  });

  it('the completion approval page tells the owner too', async () => {
    const o = (await w.create('member', { title: 'Page approval' })).body.data;
    const mark = await lastId();
    expect((await w.hub.post('/api/approval', { objective_id: o.id }, { token: w.tokens.lead })).status).toBe(200);
    expect(await sentSince(mark)).toEqual(['member:objective_approved']);
  });

  it('a new evaluation tells the evaluated employee only; an edit tells nobody', async () => {
    const mark = await lastId();
    const created = await w.hub.post('/api/employee-details', { user_id: w.ids.mate, ...VALUES }, { token: w.tokens.lead });
    expect(created.status).toBe(200);
    expect(await sentSince(mark)).toEqual(['mate:evaluation_created']);
    expect((await list('mate')).body.data.items[0]).toMatchObject({ body: 'Ana Lead wrote an evaluation about you.', link: `/objective-tracking/employee-details?id=${w.ids.mate}` });
    const edit = await w.hub.request('PUT', `/api/employee-details/${created.body.data.id}`, { token: w.tokens.lead, body: VALUES });
    expect(edit.status).toBe(200);
    expect(await sentSince(mark)).toEqual(['mate:evaluation_created']);
  });
});

describe('a failed change creates none', () => {
  it('a stale lastModificationDate (409) leaves no notification and the objective unchanged', async () => {
    const o = (await w.create('member')).body.data;
    const mark = await lastId();
    const res = await w.put('member', o.id, { action: 'complete', last_modification_date: '2020-01-01T00:00:00.000Z' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].message).toBe(OBJECTIVE_MESSAGES.stale);
    expect(await sentSince(mark)).toEqual([]);
  });

  it('a failure after the notification was written (at commit) rolls both back', async () => {
    // A deferred constraint trigger fails the commit for this one title, after both the status
    // change and the notification rows were written in the transaction.
    await w.hub.db.execute(sql.raw(`
      create or replace function test_fail_doomed() returns trigger language plpgsql as $$
      begin if new.body like '%Doomed objective%' then raise exception 'forced failure'; end if; return new; end $$`));
    await w.hub.db.execute(sql.raw(`
      create constraint trigger test_fail_doomed after insert on notifications deferrable initially deferred
      for each row execute function test_fail_doomed()`));
    try {
      const o = (await w.create('member', { title: 'Doomed objective' })).body.data;
      const mark = await lastId();
      const res = await w.put('member', o.id, { action: 'complete' });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await sentSince(mark)).toEqual([]);
      const [row] = await w.hub.db.select({ status: objectives.status }).from(objectives).where(eq(objectives.id, o.id));
      expect(row.status).toBe('in progress');
    } finally {
      await w.hub.db.execute(sql.raw('drop trigger test_fail_doomed on notifications'));
      await w.hub.db.execute(sql.raw('drop function test_fail_doomed()'));
    }
  });
});

describe('reading one’s own', () => {
  it('lists only one’s own, newest first, paged, with the unread count and the unread filter', async () => {
    await waitingFor('complete', 'Count me');
    const all = (await list('lead', '?limit=2')).body.data;
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.unread_count).toBeGreaterThanOrEqual(1);
    const rows = await w.hub.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.userId, w.ids.lead));
    expect(all.total).toBe(rows.length);
    const unread = (await list('lead', '?unread=true&limit=100')).body.data;
    expect(unread.items.every((n: { read_at: string | null }) => n.read_at === null)).toBe(true);
    expect(unread.total).toBe(all.unread_count);
    expect((await list('outsider')).body.data).toMatchObject({ items: [], total: 0, unread_count: 0 });
  });

  it("marks one read; another user's id is a 404 and stays unread", async () => {
    const leads = (await list('lead', '?unread=true')).body.data;
    const id = leads.items[0].id as number;
    const refused = await w.hub.post(`/api/notifications/${id}/read`, undefined, { token: w.tokens.member });
    expect(refused.status).toBe(404);
    expect(refused.body.errors[0].message).toBe('There is no such notification.');
    expect((await list('lead', '?unread=true')).body.data.unread_count).toBe(leads.unread_count);
    const read = await w.hub.post(`/api/notifications/${id}/read`, undefined, { token: w.tokens.lead });
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(id);
    expect((await list('lead', '?unread=true')).body.data.unread_count).toBe(leads.unread_count - 1);
  });

  it('read-all marks only one’s own', async () => {
    await waitingFor('complete', 'Read all of them');
    const managerUnread = (await list('manager')).body.data.unread_count;
    expect(managerUnread).toBeGreaterThan(0);
    const res = await w.hub.post('/api/notifications/read-all', undefined, { token: w.tokens.lead });
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBeGreaterThan(0);
    expect((await list('lead')).body.data.unread_count).toBe(0);
    expect((await list('manager')).body.data.unread_count).toBe(managerUnread);
  });

  it('refuses bad input with 400 per field', async () => {
    const bad = await list('lead', '?unread=maybe&since=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['since', 'unread']);
    expect((await w.hub.post('/api/notifications/abc/read', undefined, { token: w.tokens.lead })).status).toBe(400);
    const settings = await w.hub.request('PUT', '/api/notifications/settings', { token: w.tokens.lead, body: { items: [{ kind: 'gossip', enabled: 'yes' }] } });
    expect(settings.status).toBe(400);
    expect(settings.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['items.0.enabled', 'items.0.kind']);
  });
});

describe('settings', () => {
  it('every kind is on until switched off; a switched-off kind is not created, the others still are', async () => {
    const answer = notificationSettingsResponseSchema.parse(camelize((await w.hub.get('/api/notifications/settings', { token: w.tokens.lead })).body)).data;
    // a hub without a relay says so: the e-mail switches are not shown
    expect(answer.emailSent).toBe(false);
    const initial = answer.items;
    expect(initial).toHaveLength(8);
    expect(initial.every((s: { enabled: boolean }) => s.enabled)).toBe(true);
    const saved = await setKind('lead', 'approval_requested', false);
    expect(saved.status).toBe(200);
    expect(saved.body.data.items.find((s: { kind: string }) => s.kind === 'approval_requested').enabled).toBe(false);
    const mark = await lastId();
    await waitingFor('complete', 'Muted for the lead');
    expect(await sentSince(mark)).toEqual(['manager:approval_requested']);
    await setKind('lead', 'approval_requested', true);
    const again = await lastId();
    await waitingFor('complete', 'Heard again');
    expect(await sentSince(again)).toEqual(['lead:approval_requested', 'manager:approval_requested']);
  });

  it('are one’s own: the manager’s switches do not change the lead’s', async () => {
    await setKind('manager', 'check_in_reminder', false);
    const lead = (await w.hub.get('/api/notifications/settings', { token: w.tokens.lead })).body.data.items;
    expect(lead.find((s: { kind: string }) => s.kind === 'check_in_reminder').enabled).toBe(true);
    await setKind('manager', 'check_in_reminder', true);
  });
});

describe('scheduled reminders', () => {
  it('due soon (3 days) and overdue once per objective, the weekly check-in once per week, whatever the reruns', async () => {
    const soon = (await w.create('mate', { title: 'Due in two days', deadline: day(2) })).body.data;
    const later = (await w.create('mate', { title: 'Due next month', deadline: day(30) })).body.data;
    const [late] = await w.hub.db.insert(objectives).values({
      title: 'Late one', description: 'd', category: 'Technology', subcategory: 'Development', priority: 'low', deadline: day(-2),
      authorId: w.ids.outsider, ownerId: w.ids.outsider, teamId: w.beta,
    }).returning();
    const mark = await lastId();
    const first = await sendReminders(w.hub.db);
    expect(first.dueSoon).toBeGreaterThanOrEqual(1);
    const second = await sendReminders(w.hub.db);
    expect(second).toEqual({ dueSoon: 0, overdue: 0, checkIn: 0 });
    const rows = await w.hub.db.select().from(notifications).where(gt(notifications.id, mark));
    const about = (id: number, kind: string) => rows.filter((r) => r.kind === kind && r.link.endsWith(`id=${id}`));
    expect(about(soon.id, 'objective_due_soon')).toHaveLength(1);
    expect(about(soon.id, 'objective_due_soon')[0]).toMatchObject({ userId: w.ids.mate, body: `"Due in two days" is due on ${day(2)}.` });
    expect(about(later.id, 'objective_due_soon')).toHaveLength(0);
    expect(about(late.id, 'objective_overdue')).toHaveLength(1);
    expect(about(late.id, 'objective_overdue')[0].userId).toBe(w.ids.outsider);
    expect(rows.filter((r) => r.kind === 'check_in_reminder' && r.userId === w.ids.mate)).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'check_in_reminder' && r.userId === w.ids.outsider)).toHaveLength(1);
  });

  it('respects the settings of the person reminded', async () => {
    await setKind('outsider', 'objective_due_soon', false);
    const o = (await w.create('outsider', { title: 'Quiet deadline', team_id: w.beta, deadline: day(1) })).body.data;
    await sendReminders(w.hub.db);
    const rows = await w.hub.db.select().from(notifications).where(and(eq(notifications.userId, w.ids.outsider), eq(notifications.kind, 'objective_due_soon')));
    expect(rows.filter((r) => r.link.endsWith(`id=${o.id}`))).toEqual([]);
  });

  it('two hubs: the database lease lets one run the job', async () => {
    const log = { info: () => {}, error: () => {} };
    const a = startScheduler(w.hub.db, log, reminderJobs(w.hub.db, log), { holder: 'notif-a', timers: false });
    const b = startScheduler(w.hub.db, log, reminderJobs(w.hub.db, log), { holder: 'notif-b', timers: false });
    try {
      expect(await a.tick(REMINDERS_JOB)).toBe(true);
      expect(await b.tick(REMINDERS_JOB)).toBe(false);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

// --- delivery -------------------------------------------------------------------------------------

describe('delivery over server-sent events', () => {
  it('pushes a new notification to the approver’s open stream when the change commits', async () => {
    const stream = openStream(w.hub.url, w.tokens.lead);
    try {
      const ready = await stream.next('ready');
      expect(typeof ready.data.unread_count).toBe('number');
      await waitingFor('complete', 'Pushed to the lead');
      const pushed = await stream.next('notification');
      expect(pushed.data.items).toEqual([expect.objectContaining({ kind: 'approval_requested', body: 'Bogdan Member asks to complete "Pushed to the lead".' })]);
      expect(pushed.data.unread_count).toBe(Number(ready.data.unread_count) + 1);
    } finally {
      stream.close();
    }
  });

  it('one stream per client: a second one for the same session ends the first', async () => {
    const first = openStream(w.hub.url, w.tokens.mate);
    await first.next('ready');
    const second = openStream(w.hub.url, w.tokens.mate);
    try {
      await second.next('ready');
      await first.done;
      expect(first.isEnded()).toBe(true);
      expect(second.isEnded()).toBe(false);
    } finally {
      first.close();
      second.close();
    }
  });

  it('a row written through another hub on the same database reaches this hub’s stream', async () => {
    const other = await buildApp({ database: w.hub.database, logger: false, webRoot: null });
    const otherUrl = (await other.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');
    const stream = openStream(otherUrl, w.tokens.manager);
    try {
      await stream.next('ready');
      await waitingFor('delete', 'Across hubs');
      expect((await stream.next('notification')).data.items).toEqual([expect.objectContaining({ body: 'Bogdan Member asks to delete "Across hubs".' })]);
    } finally {
      stream.close();
      await other.close();
    }
  });

  it('without Accept: text/event-stream answers the unread count once', async () => {
    const res = await w.hub.get('/api/notifications/stream', { token: w.tokens.lead });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ unread_count: (await list('lead')).body.data.unread_count });
  });

  it('closing the hub ends open streams instead of waiting for them', async () => {
    const hub = await startTestHub();
    const user = await createUser(hub.db, { name: 'Stream Closer' });
    const { token } = await hub.login(user.username, TEST_PASSWORD);
    const stream = openStream(hub.url, token);
    await stream.next('ready');
    const started = Date.now();
    await hub.close();
    await stream.done;
    expect(stream.isEnded()).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
