import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailTestResponseSchema } from '../../shared/api/email';
import { objectives, users } from '../../server/db/schema';
import { notifications } from '../../server/features/notifications/schema';
import { sendReminders } from '../../server/features/notifications/notification-reminders';
import { loginBodySchema } from '../../shared/api/auth';
import { createEvaluationSchema } from '../../shared/api/evaluations';
import { type NotificationKind } from '../../shared/api/notifications';
import { notificationSettingsBodySchema, notificationSettingsResponseSchema, type NotificationChannel } from '../../shared/api/notification-settings';
import { queueEmails, queueReminderEmail } from '../../server/features/email';
import { outbox } from '../../server/features/outbox';
import { camelize, snakify } from '../../shared/api/case';
import { TEST_PASSWORD, createUser } from '../support/factories';
import { type SmtpSink } from '../support/smtp-sink';
import { day, type ObjectiveWorld } from './objectives-fixture';
import { emailStatus, header, useEmailWorld } from './email-fixture';

// E-mail through the outbox (docs/operations.md 'E-mail'), against a real SMTP server on loopback
// with STARTTLS: Admin → E-mail, the test e-mail, the approval, reminder and security messages,
// unsubscribe and the settings (email-delivery.test.ts: digests, the cap, two hubs, the relay's faults).

const world = useEmailWorld();
let sink: SmtpSink;
let w: ObjectiveWorld;
let adminToken: string;
beforeAll(() => {
  ({ sink, w, adminToken } = world);
});

const drain = () => w.hub.app.email.sender!.drain();
const status = (token?: string) => emailStatus(world, token);

describe('Admin → E-mail', () => {
  it('shows the relay without its password, and the outbox, to admins only', async () => {
    const { body } = await status();
    expect(body).toMatchObject({ settings: { host: '127.0.0.1', port: sink.port, security: 'starttls_if_offered', user: 'hub', from: 'Bitstone Hub <hub@bitstone.test>', publicUrl: 'https://hub.bitstone.test', dkimDomain: null } });
    expect(JSON.stringify(body)).not.toContain('relay-secret');
    expect((await status(w.tokens.lead)).status).toBe(403);
  });

  it('sends a test e-mail to the admin through the relay, over STARTTLS, with a plain-text and an HTML part', async () => {
    const res = await w.hub.post('/api/admin/email/test', undefined, { token: adminToken });
    expect(res.status).toBe(200);
    const { message } = emailTestResponseSchema.parse(camelize(res.body)).data;
    expect(message).toMatchObject({ kind: 'test', status: 'sent', attempts: 1, error: null });
    const [mail] = await sink.waitFor(1);
    expect(mail.secure).toBe(true);
    expect(mail.parsed.subject).toBe('Test e-mail from the hub');
    expect(mail.parsed.from?.text).toBe('"Bitstone Hub" <hub@bitstone.test>');
    expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.parsed.text).toContain('this is the test message you asked for');
    expect(mail.parsed.html).toContain('Bitstone');
    expect(mail.parsed.html).not.toMatch(/<script|<img/i);
    const [row] = await w.hub.db.select().from(outbox).where(eq(outbox.id, message.id));
    expect(mail.parsed.messageId).toBe(row.messageId);
    expect((await w.hub.post('/api/admin/email/test', undefined, { token: w.tokens.lead })).status).toBe(403);
  });
});

describe('approval messages', () => {
  it("tells the team's approvers, not the member who asked, and names the objective in the subject", async () => {
    const o = (await w.create('member', { title: 'Ship the VPN self-service' })).body.data;
    expect((await w.put('member', o.id, { action: 'complete' })).status).toBe(200);
    await drain();
    const to = sink.received.map((m) => m.envelopeTo[0]).sort();
    const [lead, manager, member] = await Promise.all(
      (['lead', 'manager', 'member'] as const).map(async (who) => (await w.hub.db.select({ email: users.email }).from(users).where(eq(users.id, w.ids[who])))[0].email),
    );
    expect(to).toEqual([lead, manager].sort());
    expect(to).not.toContain(member);
    expect(sink.received[0].parsed.subject).toBe("Bogdan Member asks you to approve 'Ship the VPN self-service'");
    expect(sink.received[0].parsed.html).toContain('https://hub.bitstone.test/objective-tracking/approvals');

    sink.received.length = 0;
    expect((await w.hub.post(`/api/objective/${o.id}/approval`, { decision: 'approve' }, { token: w.tokens.lead })).status).toBe(200);
    await drain();
    expect(sink.received.map((m) => m.envelopeTo[0])).toEqual([member]);
    expect(sink.received[0].parsed.subject).toBe("Ana Lead approved completing 'Ship the VPN self-service'");
  });

  it('queues nothing when the change is rolled back', async () => {
    const before = (await w.hub.db.select().from(outbox)).length;
    await expect(
      w.hub.db.transaction(async (tx) => {
        await queueEmails(tx, 'test', [w.ids.lead], { name: 'Ana Lead' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect((await w.hub.db.select().from(outbox)).length).toBe(before);
  });

  it('sends nothing to an archived person', async () => {
    await w.hub.db.update(users).set({ status: 'archived' }).where(eq(users.id, w.ids.mate));
    try {
      await w.hub.db.transaction((tx) => queueEmails(tx, 'test', [w.ids.mate], { name: 'Carmen Mate' }));
      await drain();
      expect(sink.received).toEqual([]);
    } finally {
      await w.hub.db.update(users).set({ status: 'active' }).where(eq(users.id, w.ids.mate));
    }
  });
});

describe('one-click unsubscribe', () => {
  it("moves only its person's kind to in the app, signed out, and refuses a changed link", async () => {
    const o = (await w.create('member', { title: 'Renew the certificates' })).body.data;
    await w.put('member', o.id, { action: 'complete' });
    await drain();
    const leadEmail = (await w.hub.db.select({ email: users.email }).from(users).where(eq(users.id, w.ids.lead)))[0].email!;
    const toLead = sink.received.find((m) => m.envelopeTo[0] === leadEmail)!;
    expect(header(toLead, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /<([^>]+)>/.exec(header(toLead, 'List-Unsubscribe')!)![1];
    expect(link.startsWith('https://hub.bitstone.test/email/unsubscribe?t=')).toBe(true);
    const local = link.replace('https://hub.bitstone.test', w.hub.url);

    // a changed link (another person's id) is refused and changes nothing
    const token = new URL(local).searchParams.get('t')!;
    const forged = token.replace(/^\d+/, String(w.ids.manager));
    const refused = await fetch(`${w.hub.url}/email/unsubscribe?t=${forged}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This unsubscribe link is not valid');

    // empty, huge, a NUL, no token at all: refused, nothing changed
    for (const bad of ['', 'x'.repeat(5000), `${token}%00`, `%00${token}`]) {
      expect((await fetch(`${w.hub.url}/email/unsubscribe?t=${bad}`, { method: 'POST' })).status).toBe(400);
    }
    expect((await fetch(`${w.hub.url}/email/unsubscribe`)).status).toBe(400);

    // opened in a browser it only asks; the mail client's one-click POST does it
    const page = await fetch(local);
    expect(await page.text()).toContain('Stop these e-mails?');
    const done = await fetch(local, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');

    const settingsOf = async (who: 'lead' | 'manager') => (await w.hub.get('/api/notifications/settings', { token: w.tokens[who] })).body.data.items;
    expect((await settingsOf('lead')).find((i: { kind: string }) => i.kind === 'approval_requested')).toEqual({ kind: 'approval_requested', channel: 'in_app', enabled: true, email: false });
    expect((await settingsOf('lead')).find((i: { kind: string }) => i.kind === 'objective_approved')).toEqual({ kind: 'objective_approved', channel: 'email', enabled: true, email: true });
    expect((await settingsOf('manager')).find((i: { kind: string }) => i.kind === 'approval_requested')).toMatchObject({ channel: 'email' });

    sink.received.length = 0;
    const next = (await w.create('member', { title: 'Rotate the keys' })).body.data;
    await w.put('member', next.id, { action: 'complete' });
    await drain();
    expect(sink.received.map((m) => m.envelopeTo[0])).not.toContain(leadEmail);
    expect(sink.received).toHaveLength(1); // the teams manager's
    // the bell still tells the lead
    const bell = (await w.hub.get('/api/notifications', { token: w.tokens.lead })).body.data.items;
    expect(bell.some((n: { body: string }) => n.body.includes('Rotate the keys'))).toBe(true);
  });
});

describe('reminders and evaluations, each under its own channel', () => {
  const setChannel = (who: 'mate' | 'outsider', kind: NotificationKind, channel: NotificationChannel) =>
    w.hub.request('PUT', '/api/notifications/settings', { token: w.tokens[who], body: snakify(notificationSettingsBodySchema.parse({ items: [{ kind, channel }] })) });
  const REMINDERS = ['objective_due_soon', 'objective_overdue', 'check_in_reminder'] as const;
  const subjectsTo = async (id: number) => {
    const [{ email }] = await w.hub.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return sink.received.filter((m) => m.envelopeTo[0] === email).map((m) => m.parsed.subject).sort();
  };

  it('tells an owner who chose e-mail now of a deadline within 3 days and of an overdue one once per objective and deadline, and the weekly check-in once', async () => {
    // the reminders wait for the daily digest unless one chooses otherwise (email-channels.test.ts)
    for (const who of ['mate', 'outsider'] as const) for (const kind of REMINDERS) expect((await setChannel(who, kind, 'email')).status).toBe(200);
    const soon = (await w.create('mate', { title: 'Due in two days', deadline: day(2) })).body.data;
    const [late] = await w.hub.db.insert(objectives).values({
      title: 'Due last week', description: 'Late.', category: 'Technology', subcategory: 'Development', priority: 'low', deadline: day(-3),
      authorId: w.ids.outsider, ownerId: w.ids.outsider, teamId: w.beta,
    }).returning();
    await sendReminders(w.hub.db, new Date(), queueReminderEmail);
    await drain();
    expect(await subjectsTo(w.ids.mate)).toEqual(expect.arrayContaining([`'Due in two days' is due on ${day(2)}`, 'Time for your weekly check-in']));
    expect(await subjectsTo(w.ids.outsider)).toEqual(expect.arrayContaining([`'Due last week' was due on ${day(-3)}`, 'Time for your weekly check-in']));
    const dueMail = sink.received.find((m) => m.parsed.subject === `'Due in two days' is due on ${day(2)}`)!;
    expect(dueMail.parsed.html).toContain(`https://hub.bitstone.test/objective-tracking/objective-details?id=${soon.id}`);
    expect(header(dueMail, 'List-Unsubscribe')).toMatch(/^<https:\/\/hub\.bitstone\.test\/email\/unsubscribe\?t=/);
    expect(sink.received.some((m) => String(m.parsed.html).includes(`objective-details?id=${late.id}`))).toBe(true);

    // the job runs every hour, and on every hub: each message went once
    sink.received.length = 0;
    await sendReminders(w.hub.db, new Date(), queueReminderEmail);
    await drain();
    expect(sink.received).toEqual([]);
  });

  it("sends no reminder e-mail to a person who chose that kind in the app only, and still rings the bell", async () => {
    expect((await setChannel('outsider', 'objective_due_soon', 'in_app')).status).toBe(200);
    try {
      const o = (await w.create('outsider', { title: 'Quiet by e-mail', team_id: w.beta, deadline: day(1) })).body.data;
      await sendReminders(w.hub.db, new Date(), queueReminderEmail);
      await drain();
      expect(await subjectsTo(w.ids.outsider)).not.toContain(`'Quiet by e-mail' is due on ${day(1)}`);
      const bell = await w.hub.db.select().from(notifications).where(and(eq(notifications.userId, w.ids.outsider), eq(notifications.kind, 'objective_due_soon')));
      expect(bell.some((n) => n.link.endsWith(`id=${o.id}`))).toBe(true);
    } finally {
      for (const who of ['mate', 'outsider'] as const) for (const kind of REMINDERS) await setChannel(who, kind, 'digest');
    }
  });

  it('tells the evaluated employee who wrote a new evaluation, and not what it says; the author gets nothing', async () => {
    const body = snakify(createEvaluationSchema.parse({
      userId: w.ids.mate, technicalExpertise: '4', teamwork: '5', flexibility: '3', resultsFocus: '4', languages: '2', continualLearning: '3',
      safetyFocus: '4', communication: '5', initiative: '1', openDiscussion: '3', targets: 'Lead the confidential release.',
    }));
    expect((await w.hub.post('/api/employee-details', body, { token: w.tokens.lead })).status).toBe(200);
    await drain();
    expect(await subjectsTo(w.ids.mate)).toEqual(['Ana Lead wrote an evaluation about you']);
    expect(await subjectsTo(w.ids.lead)).toEqual([]);
    const [mail] = sink.received;
    expect(mail.parsed.html).toContain(`https://hub.bitstone.test/objective-tracking/employee-details?id=${w.ids.mate}`);
    expect(`${mail.parsed.html} ${mail.parsed.text}`).not.toContain('confidential');
  });
});

describe('security messages, which cannot be turned off', () => {
  const emailOf = async (id: number) => (await w.hub.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;

  it('tell a person their password changed, even when they changed it, and when an admin reset it', async () => {
    const person = await createUser(w.hub.db, { name: 'Ioana Secure' });
    const token = (await w.hub.login(person.username, TEST_PASSWORD)).token;
    await w.hub.login(person.username, TEST_PASSWORD); // a second session, ended by the change
    const changed = await w.hub.post('/api/auth/password', { current_password: TEST_PASSWORD, new_password: 'a much longer secret 2026' }, { token });
    expect(changed.status).toBe(200);
    await drain();
    expect(sink.received.map((m) => [m.envelopeTo[0], m.parsed.subject])).toEqual([[await emailOf(person.id), 'Your hub password was changed']]);
    expect(sink.received[0].parsed.text).toContain('1 other session was signed out');
    // a security message has no unsubscribe
    expect(header(sink.received[0], 'List-Unsubscribe')).toBeUndefined();

    sink.received.length = 0;
    expect((await w.hub.post(`/api/admin/users/${person.id}/password-reset`, undefined, { token: adminToken })).status).toBe(200);
    await drain();
    expect(sink.received.map((m) => [m.envelopeTo[0], m.parsed.subject])).toEqual([[await emailOf(person.id), 'An administrator reset your hub password']]);
  });

  it('tell a person they signed out everywhere else', async () => {
    const person = await createUser(w.hub.db, { name: 'Radu Careful' });
    const token = (await w.hub.login(person.username, TEST_PASSWORD)).token;
    await w.hub.login(person.username, TEST_PASSWORD);
    expect((await w.hub.request('DELETE', '/api/auth/sessions', { token })).status).toBe(200);
    await drain();
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(['You were signed out of the hub everywhere else']);
  });
});

describe('a sign-in from a new browser or device, a security message too', () => {
  const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const FIREFOX_LINUX_NEWER = 'Mozilla/5.0 (X11; Linux x86_64; rv:134.0) Gecko/20100101 Firefox/134.0';
  const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const signInWith = async (username: string, userAgent: string) => {
    const res = await w.hub.post('/api/auth/login', snakify(loginBodySchema.parse({ username, password: TEST_PASSWORD })), { headers: { 'user-agent': userAgent } });
    expect(res.status).toBe(200);
  };

  it("tells the person of a browser and system none of their sessions had, not of the first sign-in or a browser's update", async () => {
    const person = await createUser(w.hub.db, { name: 'Vlad Travels' });
    await signInWith(person.username, FIREFOX_LINUX);
    await signInWith(person.username, FIREFOX_LINUX_NEWER);
    await drain();
    expect(sink.received).toEqual([]);

    await signInWith(person.username, CHROME_WINDOWS);
    await drain();
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(['New sign-in to the hub from Chrome on Windows']);
    expect(sink.received[0].parsed.text).toContain('change your password and sign out everywhere else');
    expect(header(sink.received[0], 'List-Unsubscribe')).toBeUndefined();

    sink.received.length = 0;
    await signInWith(person.username, CHROME_WINDOWS);
    await drain();
    expect(sink.received).toEqual([]);
  });
});

describe('Settings → Notifications on a hub with a relay', () => {
  it('refuses an empty body, and a digest choice that is not true or false, with a message per field, changing nothing', async () => {
    const before = notificationSettingsResponseSchema.parse(camelize((await w.hub.get('/api/notifications/settings', { token: w.tokens.member })).body)).data;
    for (const [body, field, message] of [
      [{}, 'items', 'Choose at least one kind'],
      [{ email_digest: 'yes' }, 'email_digest', 'Must be true or false'],
      [{ email_digest: '\u0000' }, 'email_digest', 'Must not contain'],
      [{ items: [] }, 'items', 'Choose at least one kind'],
    ] as const) {
      const res = await w.hub.request('PUT', '/api/notifications/settings', { token: w.tokens.member, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const after = notificationSettingsResponseSchema.parse(camelize((await w.hub.get('/api/notifications/settings', { token: w.tokens.member })).body)).data;
    expect(after).toEqual(before);
  });

  it('says the hub sends e-mail, so the e-mail switches are shown', async () => {
    const res = await w.hub.get('/api/notifications/settings', { token: w.tokens.member });
    expect(notificationSettingsResponseSchema.parse(camelize(res.body)).data.emailSent).toBe(true);
  });
});

