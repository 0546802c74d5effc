import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { emailConfigFromEnv, queueEmails, sendDailyDigests } from '../../server/features/email';
import { notifications, notificationSettings } from '../../server/features/notifications/schema';
import { outbox } from '../../server/features/outbox';
import { userPreferences } from '../../server/features/settings';
import { camelize, snakify } from '../../shared/api/case';
import { createEvaluationSchema } from '../../shared/api/evaluations';
import {
  notificationSettingsBodySchema,
  notificationSettingsResponseSchema,
  SECURITY_NOT_OFF,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationSettingsBody,
} from '../../shared/api/notification-settings';
import { EMAIL_DIGEST_HOUR, EMAIL_NOTIFICATION_KINDS, type NotificationKind } from '../../shared/api/notifications';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink';
import { buildWorld, type ObjectiveWorld, type Who } from './objectives-fixture';

// A channel per kind (docs/api.md 'Notification settings'): in the app, e-mail now, in the digest
// or off, against a real SMTP server on loopback; the daily digest's one-click unsubscribe; the
// migration of the release before's switches.

let sink: SmtpSink;
let w: ObjectiveWorld;

beforeAll(async () => {
  sink = await startSmtpSink();
  w = await buildWorld({
    email: emailConfigFromEnv({
      HUB_SMTP_URL: `smtp://hub:relay-secret@127.0.0.1:${sink.port}`, HUB_MAIL_FROM: 'Bitstone Hub <hub@bitstone.test>',
      HUB_PUBLIC_URL: 'https://hub.bitstone.test', HUB_SMTP_CA_FILE: sink.caFile,
    })!,
  });
});
afterAll(async () => {
  await w?.hub.close();
  await sink?.close();
});
beforeEach(async () => {
  await drain();
  sink.received.length = 0;
});

const drain = () => w.hub.app.email.sender!.drain();
const settingsOf = async (token: string): Promise<NotificationSettings> =>
  notificationSettingsResponseSchema.parse(camelize((await w.hub.get('/api/notifications/settings', { token })).body)).data;
const channelOf = (s: NotificationSettings, kind: NotificationKind) => s.items.find((i) => i.kind === kind)!.channel;
const put = (token: string, body: NotificationSettingsBody) =>
  w.hub.request('PUT', '/api/notifications/settings', { token, body: snakify(notificationSettingsBodySchema.parse(body)) });
const emailOf = async (id: number) => (await w.hub.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email!;
const mailTo = async (who: Who) => {
  const email = await emailOf(w.ids[who]);
  return sink.received.filter((m) => m.envelopeTo[0] === email);
};
const header = (mail: ReceivedMail, name: string) => {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).trim();
};
const atHour = (hour: number) => { const d = new Date(); d.setHours(hour, 0, 0, 0); return d; };
/** The lead writes an evaluation about the mate: the mate hears of it by their evaluation_created channel. */
async function evaluateMate(): Promise<void> {
  const body = snakify(createEvaluationSchema.parse({
    userId: w.ids.mate, technicalExpertise: '4', teamwork: '5', flexibility: '3', resultsFocus: '4', languages: '2', continualLearning: '3',
    safetyFocus: '4', communication: '5', initiative: '1', openDiscussion: '3', targets: 'More of the same.',
  }));
  expect((await w.hub.post('/api/employee-details', body, { token: w.tokens.lead })).status).toBe(200);
  await drain();
}
const bellCount = async (id: number, kind: NotificationKind) =>
  (await w.hub.db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(and(eq(notifications.userId, id), eq(notifications.kind, kind))))[0].n;
const heldFor = async (id: number) => (await w.hub.db.select().from(outbox).where(and(eq(outbox.recipientId, id), eq(outbox.status, 'digest')))).length;
const EVALUATION_SUBJECT = 'Ana Lead wrote an evaluation about you';

describe('the channels nobody chose', () => {
  it('are e-mail now for approvals and evaluations, the digest for reminders, in the app for the rest; security is e-mail now', async () => {
    const s = await settingsOf(w.tokens.member);
    for (const kind of ['approval_requested', 'objective_approved', 'objective_sent_back', 'evaluation_created'] as const) expect(channelOf(s, kind)).toBe('email');
    for (const kind of ['objective_due_soon', 'objective_overdue', 'check_in_reminder'] as const) expect(channelOf(s, kind)).toBe('digest');
    expect(channelOf(s, 'objective_supported')).toBe('in_app');
    expect(s.securityChannel).toBe('email');
    // the answer still carries what an app of before reads
    expect(s.items.find((i) => i.kind === 'objective_due_soon')).toEqual({ kind: 'objective_due_soon', channel: 'digest', enabled: true, email: true });
    expect(s.items.find((i) => i.kind === 'objective_supported')).toEqual({ kind: 'objective_supported', channel: 'in_app', enabled: true });
    // Monday's digest: on for a lead, no switch for a member, who gets none
    expect(s.weeklyDigest).toBeNull();
    expect((await settingsOf(w.tokens.lead)).weeklyDigest).toBe(true);
  });
});

describe('each channel, by what reaches the person', () => {
  const choose = async (channel: NotificationChannel) => {
    const res = await put(w.tokens.mate, { items: [{ kind: 'evaluation_created', channel }] });
    expect(res.status).toBe(200);
    expect(channelOf(notificationSettingsResponseSchema.parse(camelize(res.body)).data, 'evaluation_created')).toBe(channel);
  };
  afterAll(() => choose('email'));

  it('e-mail now: a message at once, and the bell', async () => {
    await choose('email');
    const bell = await bellCount(w.ids.mate, 'evaluation_created');
    await evaluateMate();
    expect((await mailTo('mate')).map((m) => m.parsed.subject)).toEqual([EVALUATION_SUBJECT]);
    expect(await bellCount(w.ids.mate, 'evaluation_created')).toBe(bell + 1);
  });

  it('in the digest: nothing at once, then the daily digest tells it, and the bell at once', async () => {
    await choose('digest');
    const bell = await bellCount(w.ids.mate, 'evaluation_created');
    await evaluateMate();
    expect(await mailTo('mate')).toEqual([]);
    expect(await heldFor(w.ids.mate)).toBe(1);
    expect(await bellCount(w.ids.mate, 'evaluation_created')).toBe(bell + 1);
    await sendDailyDigests(w.hub.db, atHour(EMAIL_DIGEST_HOUR + 1));
    await drain();
    const [digest, ...more] = await mailTo('mate');
    expect(more).toEqual([]);
    expect(digest.parsed.subject).toBe('Your hub digest: 1 update');
    expect(digest.parsed.text).toContain(EVALUATION_SUBJECT);
  });

  it('in the app: no e-mail, but the bell', async () => {
    await choose('in_app');
    const bell = await bellCount(w.ids.mate, 'evaluation_created');
    await evaluateMate();
    await sendDailyDigests(w.hub.db, atHour(EMAIL_DIGEST_HOUR + 1));
    await drain();
    expect(await mailTo('mate')).toEqual([]);
    expect(await heldFor(w.ids.mate)).toBe(0);
    expect(await bellCount(w.ids.mate, 'evaluation_created')).toBe(bell + 1);
  });

  it('off: neither', async () => {
    await choose('off');
    const bell = await bellCount(w.ids.mate, 'evaluation_created');
    await evaluateMate();
    expect(await mailTo('mate')).toEqual([]);
    expect(await heldFor(w.ids.mate)).toBe(0);
    expect(await bellCount(w.ids.mate, 'evaluation_created')).toBe(bell);
  });
});

describe('what a PUT may and may not change', () => {
  it('keeps security messages e-mailed: asked to turn them off, a 400 for the field; asked to keep them, a 200', async () => {
    const before = await settingsOf(w.tokens.member);
    for (const value of ['off', 'in_app', 'digest']) {
      const res = await w.hub.request('PUT', '/api/notifications/settings', { token: w.tokens.member, body: { security_channel: value } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'security_channel', message: SECURITY_NOT_OFF })]);
    }
    expect(await settingsOf(w.tokens.member)).toEqual(before);
    const kept = await w.hub.request('PUT', '/api/notifications/settings', { token: w.tokens.member, body: { security_channel: 'email' } });
    expect(kept.status).toBe(200);
    expect(notificationSettingsResponseSchema.parse(camelize(kept.body)).data).toEqual(before);
  });

  it('refuses an unknown channel, a NUL, a wrong type, and e-mail for a kind the hub never e-mails, each with its field, changing nothing', async () => {
    const before = await settingsOf(w.tokens.member);
    for (const [body, field, message] of [
      [{ items: [{ kind: 'approval_requested', channel: 'sms' }] }, 'items.0.channel', 'Choose in_app, email, digest or off'],
      [{ items: [{ kind: 'approval_requested', channel: '\u0000' }] }, 'items', 'Must not contain'],
      [{ items: [{ kind: 'approval_requested', channel: 3 }] }, 'items.0.channel', 'Choose in_app, email, digest or off'],
      [{ items: [{ kind: 'objective_supported', channel: 'email' }] }, 'items.0.channel', 'The hub does not e-mail this kind'],
      [{ items: [{ kind: 'objective_supported', channel: 'digest' }] }, 'items.0.channel', 'The hub does not e-mail this kind'],
      [{ items: [{ kind: 'approval_requested' }] }, 'items.0.channel', 'Choose a channel'],
      [{ items: [{ kind: 'approval_requested', channel: 'off' }, { kind: 'nope', channel: 'off' }] }, 'items.1.kind', 'Unknown notification kind'],
      [{ weekly_digest: 'no' }, 'weekly_digest', 'Must be true or false'],
    ] as const) {
      const res = await w.hub.request('PUT', '/api/notifications/settings', { token: w.tokens.member, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toContain(field);
      expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toContain(message);
    }
    expect(await settingsOf(w.tokens.member)).toEqual(before);
    // and the allowed ones: a kind the hub never e-mails, off; then back
    const off = await put(w.tokens.member, { items: [{ kind: 'objective_supported', channel: 'off' }] });
    expect(channelOf(notificationSettingsResponseSchema.parse(camelize(off.body)).data, 'objective_supported')).toBe('off');
    await put(w.tokens.member, { items: [{ kind: 'objective_supported', channel: 'in_app' }] });
    expect(await settingsOf(w.tokens.member)).toEqual(before);
  });

  it("maps an app of before's switches: e-mail off is in the app, the bell off is off, the one digest choice moves e-mail now into the digest", async () => {
    const person = await createUser(w.hub.db, { name: 'Old App' });
    const { token } = await w.hub.login(person.username, TEST_PASSWORD);
    await put(token, { items: [{ kind: 'approval_requested', enabled: true, email: false }, { kind: 'objective_approved', enabled: false }] });
    let s = await settingsOf(token);
    expect([channelOf(s, 'approval_requested'), channelOf(s, 'objective_approved')]).toEqual(['in_app', 'off']);
    await put(token, { emailDigest: true });
    s = await settingsOf(token);
    expect([channelOf(s, 'objective_sent_back'), channelOf(s, 'evaluation_created'), channelOf(s, 'approval_requested')]).toEqual(['digest', 'digest', 'in_app']);
    expect(s.emailDigest).toBe(true);
    await put(token, { emailDigest: false });
    expect(channelOf(await settingsOf(token), 'objective_due_soon')).toBe('email');
  });
});

describe("the release before's switches, migrated", () => {
  const MIGRATION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations/0022_notification-channels.sql');

  it("keeps e-mail off as in the app, the bell and e-mail off as off, and the one digest choice as each e-mailed kind's digest", async () => {
    const [emailOff, bothOff, digester] = await Promise.all(['Eva Off', 'Bob Quiet', 'Dana Digest'].map((name) => createUser(w.hub.db, { name })));
    // as a hub of the release before left them: no channel
    await w.hub.db.insert(notificationSettings).values([
      { userId: emailOff.id, kind: 'approval_requested', enabled: true, email: false },
      { userId: bothOff.id, kind: 'approval_requested', enabled: false, email: false },
      { userId: bothOff.id, kind: 'objective_supported', enabled: false, email: null },
      { userId: digester.id, kind: 'objective_approved', enabled: true, email: true },
    ]);
    await w.hub.db.insert(userPreferences).values({ userId: digester.id, emailDigest: true });
    // what the migration does to the data (its statements after the columns it adds; they touch rows without a channel only)
    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').map((s) => s.trim()).filter((s) => /^(--[^\n]*\n)*(UPDATE|INSERT)/.test(s));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await w.hub.db.execute(sql.raw(statement));

    const channels = async (userId: number) => new Map((await w.hub.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId))).map((r) => [r.kind, r.channel]));
    expect((await channels(emailOff.id)).get('approval_requested')).toBe('in_app');
    expect(Object.fromEntries(await channels(bothOff.id))).toEqual({ approval_requested: 'off', objective_supported: 'off' });
    const digest = await channels(digester.id);
    expect(EMAIL_NOTIFICATION_KINDS.map((kind) => digest.get(kind))).toEqual(EMAIL_NOTIFICATION_KINDS.map(() => 'digest'));
    expect(digest.has('objective_supported')).toBe(false);
    // the switches in step, for a hub of the release before
    const [row] = await w.hub.db.select().from(notificationSettings).where(and(eq(notificationSettings.userId, bothOff.id), eq(notificationSettings.kind, 'approval_requested')));
    expect(row).toMatchObject({ channel: 'off', enabled: false, email: false });
  });

  it('reads a switch a hub of the release before changed since, during a rolling upgrade, over the channel it left', async () => {
    const person = await createUser(w.hub.db, { name: 'Rolling Upgrade' });
    const { token } = await w.hub.login(person.username, TEST_PASSWORD);
    await put(token, { items: [{ kind: 'approval_requested', channel: 'email' }, { kind: 'evaluation_created', channel: 'digest' }] });
    // the release before turns e-mail off on one, and the bell off on the other
    const set = (kind: NotificationKind, columns: { enabled?: boolean; email?: boolean }) =>
      w.hub.db.update(notificationSettings).set(columns).where(and(eq(notificationSettings.userId, person.id), eq(notificationSettings.kind, kind)));
    await set('approval_requested', { email: false });
    await set('evaluation_created', { enabled: false, email: false });
    let s = await settingsOf(token);
    expect([channelOf(s, 'approval_requested'), channelOf(s, 'evaluation_created')]).toEqual(['in_app', 'off']);
    // and e-mail on again: the digest it was in is kept
    await set('evaluation_created', { enabled: true, email: true });
    s = await settingsOf(token);
    expect(channelOf(s, 'evaluation_created')).toBe('digest');
  });
});

describe("the daily digest's one-click unsubscribe", () => {
  it('moves only that person\'s digest kinds to in the app, signed out, and refuses a changed link', async () => {
    const person = await createUser(w.hub.db, { name: 'Tudor Digest' });
    const { token } = await w.hub.login(person.username, TEST_PASSWORD);
    await put(token, { items: [{ kind: 'evaluation_created', channel: 'digest' }] });
    const other = await createUser(w.hub.db, { name: 'Oana Digest' });
    const { token: otherToken } = await w.hub.login(other.username, TEST_PASSWORD);
    await put(otherToken, { items: [{ kind: 'evaluation_created', channel: 'digest' }] });
    await w.hub.db.transaction((tx) => queueEmails(tx, 'evaluation_created', [person.id, other.id], { author: 'Ana Lead', employeeId: person.id }, { settingKind: 'evaluation_created' }));
    await sendDailyDigests(w.hub.db, atHour(EMAIL_DIGEST_HOUR + 1));
    await drain();
    const address = await emailOf(person.id);
    const mail = sink.received.find((m) => m.envelopeTo[0] === address)!;
    expect(mail.parsed.subject).toBe('Your hub digest: 1 update');
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /<([^>]+)>/.exec(header(mail, 'List-Unsubscribe')!)![1].replace('https://hub.bitstone.test', w.hub.url);
    const t = new URL(link).searchParams.get('t')!;
    expect(t).toMatch(new RegExp(`^${person.id}\\.daily_digest\\.`));

    // another person's, or another digest's, with this signature: refused, nothing changed
    const post = (token: string) => fetch(`${w.hub.url}/email/unsubscribe?t=${token}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    for (const forged of [t.replace(/^\d+/, String(other.id)), t.replace('daily_digest', 'weekly_digest'), `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`]) {
      const refused = await post(forged);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('This unsubscribe link is not valid');
    }
    expect(channelOf(await settingsOf(token), 'evaluation_created')).toBe('digest');

    // no session: a browser is asked, the mail client's POST does it
    expect(await (await fetch(link)).text()).toContain('The daily digest');
    const done = await post(t);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    const after = await settingsOf(token);
    expect(channelOf(after, 'evaluation_created')).toBe('in_app');
    for (const kind of ['objective_due_soon', 'objective_overdue', 'check_in_reminder'] as const) expect(channelOf(after, kind)).toBe('in_app');
    // what came at once still does; the other person keeps their digest
    expect(channelOf(after, 'approval_requested')).toBe('email');
    expect(channelOf(await settingsOf(otherToken), 'evaluation_created')).toBe('digest');
  });
});
