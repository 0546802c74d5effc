import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEXT, outboxResendResponseSchema } from '../../shared/api/email';
import { users } from '../../server/db/schema';
import { EMAIL_DIGEST_HOUR, EMAIL_HOURLY_CAP } from '../../shared/api/notifications';
import { notificationSettingsBodySchema, notificationSettingsResponseSchema } from '../../shared/api/notification-settings';
import { queueEmails, sendDailyDigests, startEmail, type EmailConfig } from '../../server/features/email';
import { setEmailSending } from '../../server/features/email/email-queue';
import { outbox } from '../../server/features/outbox';
import { camelize, snakify } from '../../shared/api/case';
import { TEST_PASSWORD, createUser } from '../support/factories';
import { type SmtpSink } from '../support/smtp-sink';
import { day, type ObjectiveWorld } from './objectives-fixture';
import { emailStatus, header, later, useEmailWorld } from './email-fixture';

// E-mail through the outbox (docs/operations.md 'E-mail') as it is delivered, against a real SMTP
// server on loopback with STARTTLS: the daily digest and the hourly cap, two hubs on one database,
// and the relay's faults.

const world = useEmailWorld();
let sink: SmtpSink;
let w: ObjectiveWorld;
let config: EmailConfig;
let adminToken: string;
beforeAll(() => {
  ({ sink, w, config, adminToken } = world);
});

const drain = () => w.hub.app.email.sender!.drain();
const status = (token?: string) => emailStatus(world, token);

describe('the daily digest and the hourly cap', () => {
  const at = (hour: number) => { const d = new Date(); d.setHours(hour, 0, 0, 0); return d; };
  const heldFor = async (id: number) => (await w.hub.db.select().from(outbox).where(and(eq(outbox.recipientId, id), eq(outbox.status, 'digest')))).length;

  it('holds the messages of a person who chose the digest, and sends them in one e-mail at the hour, once', async () => {
    const person = await createUser(w.hub.db, { name: 'Irina Digest' });
    const { token } = await w.hub.login(person.username, TEST_PASSWORD);
    const chose = await w.hub.request('PUT', '/api/notifications/settings', { token, body: snakify(notificationSettingsBodySchema.parse({ emailDigest: true })) });
    expect(notificationSettingsResponseSchema.parse(camelize(chose.body)).data.emailDigest).toBe(true);
    await w.hub.db.transaction((tx) => queueEmails(tx, 'objective_due_soon', [person.id], { title: 'Quarterly report', deadline: day(2), objectiveId: 1 }, { settingKind: 'objective_due_soon' }));
    await w.hub.db.transaction((tx) => queueEmails(tx, 'evaluation_created', [person.id], { author: 'Ana Lead', employeeId: person.id }, { settingKind: 'evaluation_created' }));
    // security messages are never held
    await w.hub.db.transaction((tx) => queueEmails(tx, 'signed_out_everywhere', [person.id], { sessionsEnded: 1 }));
    await drain();
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(['You were signed out of the hub everywhere else']);
    expect(await heldFor(person.id)).toBe(2);
    expect((await status()).body).toMatchObject({ outbox: { digest: expect.any(Number) } });

    sink.received.length = 0;
    expect(await sendDailyDigests(w.hub.db, at(EMAIL_DIGEST_HOUR - 1))).toBe(0);
    expect(await sendDailyDigests(w.hub.db, at(EMAIL_DIGEST_HOUR + 1))).toBeGreaterThanOrEqual(1);
    await drain();
    const digests = sink.received.filter((m) => m.parsed.subject === 'Your hub digest: 2 updates');
    expect(digests).toHaveLength(1);
    expect(digests[0].parsed.text).toContain(`'Quarterly report' is due on ${day(2)}`);
    expect(digests[0].parsed.text).toContain('Ana Lead wrote an evaluation about you');
    expect(await heldFor(person.id)).toBe(0);

    sink.received.length = 0;
    expect(await sendDailyDigests(w.hub.db, at(EMAIL_DIGEST_HOUR + 2))).toBe(0);
    await drain();
    expect(sink.received).toEqual([]);
  });

  it(`sends at most ${EMAIL_HOURLY_CAP} messages an hour to one person, and the rest in their digest`, async () => {
    const person = await createUser(w.hub.db, { name: 'Paul Busy' });
    for (let i = 0; i < EMAIL_HOURLY_CAP + 2; i += 1) {
      await w.hub.db.transaction((tx) => queueEmails(tx, 'approval_requested', [person.id], { requester: 'Bogdan Member', action: 'complete', title: `Objective ${i}` }, { settingKind: 'approval_requested' }));
    }
    await drain();
    const [{ email }] = await w.hub.db.select({ email: users.email }).from(users).where(eq(users.id, person.id));
    expect(sink.received.filter((m) => m.envelopeTo[0] === email)).toHaveLength(EMAIL_HOURLY_CAP);
    expect(await heldFor(person.id)).toBe(2);

    sink.received.length = 0;
    await sendDailyDigests(w.hub.db, at(EMAIL_DIGEST_HOUR + 1));
    await drain();
    const [digest] = sink.received.filter((m) => m.envelopeTo[0] === email);
    expect(digest.parsed.subject).toBe('Your hub digest: 2 updates');
    expect(digest.parsed.text).toContain(`Bogdan Member asks you to approve 'Objective ${EMAIL_HOURLY_CAP + 1}'`);
  });
});

describe('a copy of personal data, a security message too', () => {
  it('tells the person when they download it, and when an admin does', async () => {
    const person = await createUser(w.hub.db, { name: 'Dana Copy' });
    const token = (await w.hub.login(person.username, TEST_PASSWORD)).token;
    expect((await w.hub.get('/api/user/me/data-export', { token })).status).toBe(200);
    await drain();
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(['Your personal data export is ready']);
    expect(header(sink.received[0], 'List-Unsubscribe')).toBeUndefined();

    sink.received.length = 0;
    expect((await w.hub.get(`/api/admin/users/${person.id}/data-export`, { token: adminToken })).status).toBe(200);
    await drain();
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(['An administrator downloaded a copy of your personal data']);
    expect(sink.received[0].parsed.text).toContain('The audit log records who did it');
  });
});

describe('two hubs on one database', () => {
  it("send each message once: each takes rows under its own lease, skipping the other's", async () => {
    const other = startEmail(w.hub.db, config, { log: { info: () => {}, warn: () => {}, error: () => {} }, metrics: null, timers: false });
    try {
      const people = await Promise.all(Array.from({ length: 30 }, (_, i) => createUser(w.hub.db, { name: `Twin Reader ${i}` })));
      await w.hub.db.transaction((tx) => queueEmails(tx, 'test', people.map((p) => p.id), { name: 'twin' }));
      await Promise.all([drain(), other.sender!.drain(), drain(), other.sender!.drain()]);
      const ids = sink.received.map((m) => m.parsed.messageId);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    } finally {
      await other.close();
      // the other hub's close switched this process's sending off: the file's hub sends on
      setEmailSending({ idDomain: config.fromDomain, publicUrl: config.publicUrl });
    }
  });
});

describe('when the relay fails', () => {
  const queueOne = () => w.hub.db.transaction((tx) => queueEmails(tx, 'test', [w.ids.lead], { name: 'Ana Lead' }));
  const newest = async () => (await w.hub.db.select().from(outbox).orderBy(outbox.id)).at(-1)!;

  it('keeps a message while the relay is down and sends it, with the same Message-ID, once it is back', async () => {
    await sink.stop();
    try {
      await queueOne();
      await drain();
      const waiting = await newest();
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      expect(waiting.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await sink.start();
    }
    await w.hub.app.email.sender!.drain(later(3600_000));
    const sent = await newest();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    const [mail] = await sink.waitFor(1);
    expect(mail.parsed.messageId).toBe(sent.messageId);
  });

  it('retries after a 4xx answer, and marks a 5xx refusal failed for Admin → E-mail, where an admin resends it', async () => {
    sink.refuseNext(1, 451);
    await queueOne();
    await drain();
    expect(await newest()).toMatchObject({ status: 'queued', attempts: 1 });
    await w.hub.app.email.sender!.drain(later(3600_000));
    expect(await newest()).toMatchObject({ status: 'sent' });

    sink.refuseNext(1, 550, 'No such mailbox');
    await queueOne();
    await drain();
    const failed = await newest();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    const { body } = await status();
    expect(body.outbox.failed).toBeGreaterThanOrEqual(1);
    expect(body.lastErrors[0]).toMatchObject({ id: failed.id, status: 'failed' });
    expect(body.lastErrors[0].error).toContain('No such mailbox');

    expect((await w.hub.post(`/api/admin/email/outbox/${failed.id}/resend`, undefined, { token: w.tokens.lead })).status).toBe(403);
    const resent = await w.hub.post(`/api/admin/email/outbox/${failed.id}/resend`, undefined, { token: adminToken });
    expect(resent.status).toBe(200);
    expect(outboxResendResponseSchema.parse(camelize(resent.body)).data.message.status).toBe('queued');
    await drain();
    expect(await newest()).toMatchObject({ id: failed.id, status: 'sent' });
    // a message that is not failed cannot be resent
    const again = await w.hub.post(`/api/admin/email/outbox/${failed.id}/resend`, undefined, { token: adminToken });
    expect(again.status).toBe(404);
    expect(again.body.errors[0].message).toBe(EMAIL_TEXT.notFailed);
  });

  it('counts the outbox on /metrics', async () => {
    const text = (await w.hub.app.metrics!.scrape()).text;
    expect(text).toMatch(/bitstone_hub_outbox_queued\{channel="email"\} \d+/);
    expect(text).toMatch(/bitstone_hub_outbox_deliveries_total\{channel="email",outcome="sent"\} [1-9]/);
    expect(text).toMatch(/bitstone_hub_outbox_deliveries_total\{channel="email",outcome="failed"\} [1-9]/);
  });
});
