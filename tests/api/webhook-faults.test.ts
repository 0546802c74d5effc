import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { camelize } from '../../shared/api/case';
import { notificationListResponseSchema } from '../../shared/api/notifications';
import { webhookWithSecretResponseSchema } from '../../shared/api/webhooks';
import { outbox } from '../../server/features/outbox';
import { startWebhooks } from '../../server/features/webhooks';
import { webhookEndpoints } from '../../server/features/webhooks/schema';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { buildWorld, type ObjectiveWorld } from './objectives-fixture';

// A receiver that is down, failing or slow, then back (docs/operations.md 'Webhooks'): every
// event arrives once it is back, never as two messages (every attempt carries one webhook-id),
// and two hubs' senders on one database deliver each event once.

const TIMEOUT_MS = 300;
let w: ObjectiveWorld;
let receiver: WebhookReceiver;
let adminToken: string;
let endpointId: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.1');
  w = await buildWorld({ webhooks: { allowHosts: ['127.0.0.1'], publicUrl: null }, webhookOptions: { timeoutMs: TIMEOUT_MS } });
  const adminRole = await createRole(w.hub.db, { name: 'Administrator', capabilities: ['VIEW_ADMIN'] });
  const admin = await createUser(w.hub.db, { name: 'Ada Admin', roleId: adminRole.id });
  adminToken = (await w.hub.login(admin.username, TEST_PASSWORD)).token;
});
afterAll(async () => {
  await w?.hub.close();
  await receiver?.close();
});
beforeEach(async () => {
  await w.hub.db.delete(webhookEndpoints);
  await w.hub.db.delete(outbox);
  const res = await w.hub.post('/api/admin/webhooks', { url: receiver.url, events: ['objective.created'] }, { token: adminToken });
  endpointId = webhookWithSecretResponseSchema.parse(camelize(res.body)).data.endpoint.id;
  receiver.received.length = 0;
  receiver.answer = { status: 200 };
});

const drain = (now?: Date) => w.hub.app.webhooks.sender.drain(now);
const later = (ms: number) => new Date(Date.now() + ms);
const ids = () => receiver.received.map((hook) => String(hook.headers['webhook-id']));
const rows = () => w.hub.db.select().from(outbox);

/** one event; the receiver misbehaves; it comes back; the event arrives, and nothing more ever does */
async function comesBackOnce(misbehave: () => Promise<void>, recover: () => Promise<void>) {
  await misbehave();
  await w.create('member');
  await drain();
  const [waiting] = await rows();
  expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
  expect(waiting.lastError).toBeTruthy();
  await recover();
  await drain(later(3600_000));
  await drain(later(20 * 3600_000));
  const [done] = await rows();
  expect(done.status).toBe('sent');
  expect(new Set(ids()).size).toBe(1);
  expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(`msg_${done.id}`);
}

describe('webhook faults', () => {
  it('the receiver down, then back: delivered once', async () => {
    await comesBackOnce(() => receiver.down(), () => receiver.up());
    expect(receiver.received).toHaveLength(1);
  });

  it('the receiver answering 500, then 200: tried again with the same id, delivered once', async () => {
    await comesBackOnce(async () => {
      receiver.answer = { status: 500 };
    }, async () => {
      receiver.answer = { status: 200 };
    });
    expect(receiver.received).toHaveLength(2);
  });

  it('the receiver slower than the timeout, then quick: the second attempt is the same message', async () => {
    await comesBackOnce(async () => {
      receiver.answer = { status: 200, delayMs: TIMEOUT_MS * 4 };
    }, async () => {
      receiver.answer = { status: 200 };
    });
    const [row] = await rows();
    expect(row.attempts).toBe(2);
  });

  it('a 4xx other than 408 and 429 fails at once; 429 is tried again', async () => {
    receiver.answer = { status: 410 };
    await w.create('member');
    await drain();
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1 });
    await w.hub.db.delete(outbox);
    receiver.answer = { status: 429 };
    await w.create('member');
    await drain();
    expect((await rows())[0]).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('two senders on one database deliver each event once', async () => {
    const other = startWebhooks(w.hub.db, w.hub.app.webhooks.config, { log: { warn: () => {}, error: () => {} }, timers: false });
    try {
      for (let i = 0; i < 8; i += 1) await w.create('member', { title: `Objective ${i}` });
      receiver.answer = { status: 200, delayMs: 20 };
      await Promise.all([drain(), other.sender.drain(), drain(), other.sender.drain()]);
      expect(receiver.received).toHaveLength(8);
      expect(new Set(ids()).size).toBe(8);
    } finally {
      await other.close();
    }
  });

  it('an endpoint failing for three days is turned off, and the admins are told in the bell, nobody else', async () => {
    await w.hub.db.update(webhookEndpoints).set({ failingSince: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000) }).where(eq(webhookEndpoints.id, endpointId));
    receiver.answer = { status: 503 };
    await w.create('member');
    await drain();
    const [endpoint] = await w.hub.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('three days') });
    const bell = async (token: string) => {
      const res = await w.hub.get('/api/notifications', { token });
      expect(res.status).toBe(200);
      return notificationListResponseSchema.parse(camelize(res.body)).data.items.filter((n) => n.kind === 'webhook_turned_off');
    };
    const told = await bell(adminToken);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Webhook turned off', link: '/admin?tab=webhooks' });
    expect(told[0].body).toContain(receiver.url);
    expect(await bell(w.tokens.member)).toEqual([]);
    expect(await bell(w.tokens.lead)).toEqual([]);
    // turned off, it is told nothing more
    receiver.received.length = 0;
    await w.create('member');
    await drain(later(3600_000));
    expect(receiver.received).toHaveLength(0);
  });
});
