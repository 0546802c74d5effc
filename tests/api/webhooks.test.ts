import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { camelize, snakify } from '../../shared/api/case';
import { approvalDecisionSchema } from '../../shared/api/approvals';
import { createEvaluationSchema } from '../../shared/api/evaluations';
import { keyResultCreateSchema, keyResultResponseSchema, keyResultUpdateSchema } from '../../shared/api/key-results';
import { objectiveResponseSchema, objectiveUpdateSchema } from '../../shared/api/objectives';
import { createMemberSchema, updateMemberSchema } from '../../shared/api/people';
import { WEBHOOK_TEXT, webhookDeliveriesResponseSchema, webhookListResponseSchema, webhookTestResponseSchema, webhookWithSecretResponseSchema } from '../../shared/api/webhooks';
import { jobs } from '../../server/db/schema';
import { webhookEndpoints } from '../../server/features/webhooks/schema';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../support/webhook-receiver';
import { buildWorld, day, type ObjectiveWorld } from './objectives-fixture';

// Admin → Webhooks end to end on loopback (docs/api.md 'Webhooks'): a receiver on 127.0.0.1,
// allowed, gets signed deliveries that the Standard Webhooks reference package verifies; one on
// 127.0.0.2, not allowed, never gets anything, nor by a redirect.

let w: ObjectiveWorld;
let receiver: WebhookReceiver;
let inward: WebhookReceiver;
let adminToken: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.1');
  inward = await startWebhookReceiver('127.0.0.2');
  w = await buildWorld({ webhooks: { allowHosts: ['127.0.0.1'], publicUrl: 'https://hub.bitstone.test' } });
  const adminRole = await createRole(w.hub.db, { name: 'Administrator', capabilities: ['VIEW_ADMIN', 'ADD_USERS', 'REMOVE_USERS', 'EDIT_ALL_FIELDS'] });
  const admin = await createUser(w.hub.db, { name: 'Ada Admin', roleId: adminRole.id });
  adminToken = (await w.hub.login(admin.username, TEST_PASSWORD)).token;
});
afterAll(async () => {
  await w?.hub.close();
  await receiver?.close();
  await inward?.close();
});
beforeEach(async () => {
  // each test sees only its own endpoints and deliveries
  await w.hub.db.delete(webhookEndpoints);
  await w.hub.app.webhooks.sender.drain();
  receiver.received.length = 0;
  inward.received.length = 0;
  receiver.answer = { status: 200 };
});

const drain = (now?: Date) => w.hub.app.webhooks.sender.drain(now);
const body = (fields: Record<string, unknown> = {}) => ({ url: receiver.url, events: ['objective.created'], ...fields });
async function createEndpoint(fields: Record<string, unknown> = {}) {
  const res = await w.hub.post('/api/admin/webhooks', body(fields), { token: adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return webhookWithSecretResponseSchema.parse(camelize(res.body)).data;
}
type Told = { type: string; data: { subject: { id: number; title?: string | null } } };
const verify = (secret: string, hook: ReceivedHook) => new Webhook(secret).verify(hook.body, hook.headers) as Told;
/**
 * The events in the order of `types`, one of each type: a batch's deliveries go out side by side, so
 * they arrive in any order (docs/api.md 'Webhooks': a receiver orders them by their timestamp).
 */
/** A request body as the hub's schema made it, in the wire's snake_case. */
const wire = (body: object) => snakify<Record<string, unknown>>(body);
const byType = <T extends { type: string }>(events: T[], types: string[]): T[] =>
  [...events].sort((a, b) => types.indexOf(a.type) - types.indexOf(b.type));

describe('Admin → Webhooks routes', () => {
  it('are for admins only: 403 for anyone else, on every route', async () => {
    const { endpoint } = await createEndpoint();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/webhooks'], ['POST', '/api/admin/webhooks', body()], ['PUT', `/api/admin/webhooks/${endpoint.id}`, body()],
      ['POST', `/api/admin/webhooks/${endpoint.id}/test`], ['GET', `/api/admin/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/admin/webhooks/${endpoint.id}/rotate-secret`], ['DELETE', `/api/admin/webhooks/${endpoint.id}`],
    ];
    for (const [method, path, sent] of calls) {
      expect((await w.hub.request(method, path, { token: w.tokens.lead, body: sent })).status, `${method} ${path}`).toBe(403);
    }
    expect(receiver.received).toHaveLength(0);
    for (const [method, path, sent] of calls) {
      expect((await w.hub.request(method, path, { token: adminToken, body: sent })).status, `${method} ${path}`).toBeLessThan(300);
    }
  });

  it('answers the secret on create and rotate only, never in the list', async () => {
    const { endpoint, secret } = await createEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const list = webhookListResponseSchema.parse(camelize((await w.hub.get('/api/admin/webhooks', { token: adminToken })).body)).data.items;
    expect(list).toEqual([expect.objectContaining({ id: endpoint.id, url: receiver.url, events: ['objective.created'], format: 'json', includePrivate: false, enabled: true, lastDelivery: null })]);
    expect(JSON.stringify(list)).not.toContain(secret.slice(6));
  });

  it.each([
    [{ url: 'http://hooks.example.com/in' }, 'url', WEBHOOK_TEXT.urlHttps],
    [{ url: 'https://10.0.0.1/in' }, 'url', WEBHOOK_TEXT.urlInternal],
    [{ url: `http://127.0.0.2:${9}/in` }, 'url', WEBHOOK_TEXT.urlHttps],
    [{ url: 'https://u:p@hooks.example.com/' }, 'url', WEBHOOK_TEXT.urlCredentials],
    [{ url: 'ftp://hooks.example.com/' }, 'url', WEBHOOK_TEXT.url],
    [{ url: `https://hooks.example.com/${'a'.repeat(2000)}` }, 'url', 'Must be at most 2000 characters'],
    [{ url: 'https://hooks.example.com/\u0000' }, 'url', 'Must not contain'],
    [{ events: ['objective.eaten'] }, 'events.0', WEBHOOK_TEXT.event],
    [{ events: [] }, 'events', WEBHOOK_TEXT.events],
    [{ format: 'xml' }, 'format', WEBHOOK_TEXT.format],
  ])('refuses %j with a 400 on its field', async (fields, field, message) => {
    const res = await w.hub.post('/api/admin/webhooks', body(fields), { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: expect.stringContaining(message) })]));
    expect(await w.hub.db.select().from(webhookEndpoints)).toHaveLength(0);
  });
});

describe('deliveries, signed as Standard Webhooks', () => {
  it('sends a test event the reference package verifies, logged with its answer; a tampered body or an old timestamp fails', async () => {
    const { endpoint, secret } = await createEndpoint();
    receiver.answer = { status: 200, body: 'thanks' };
    const res = await w.hub.post(`/api/admin/webhooks/${endpoint.id}/test`, undefined, { token: adminToken });
    expect(res.status).toBe(200);
    expect(webhookTestResponseSchema.parse(camelize(res.body)).data.delivery).toMatchObject({ event: 'webhook.test', statusCode: 200, outcome: 'sent', response: 'thanks' });
    const [hook] = receiver.received;
    expect(verify(secret, hook)).toMatchObject({ type: 'webhook.test', data: { actor: { name: 'Ada Admin' } } });
    expect(() => new Webhook(secret).verify(hook.body.replace('Test', 'Tost'), hook.headers)).toThrow();
    const old = { ...hook.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) };
    expect(() => new Webhook(secret).verify(hook.body, old)).toThrow();
    const log = webhookDeliveriesResponseSchema.parse(camelize((await w.hub.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, { token: adminToken })).body)).data.items;
    expect(log).toEqual([expect.objectContaining({ statusCode: 200, outcome: 'sent', response: 'thanks' })]);
  });

  it('tells an objective created to the endpoints that want it, in snake_case, with a link; a private one without its title unless included', async () => {
    const plain = await createEndpoint();
    const privateToo = await createEndpoint({ url: `${receiver.url}?private`, includePrivate: true });
    await createEndpoint({ url: `${receiver.url}?other`, events: ['objective.deleted'] });
    const shown = (await w.create('member', { title: 'Ship the webhooks', is_public: true })).body.data;
    const hidden = (await w.create('member', { title: 'Secret plan', is_public: false })).body.data;
    await drain();
    const events = receiver.received.map((hook) => ({ path: hook.path, event: verify(hook.path.includes('private') ? privateToo.secret : plain.secret, hook) }));
    expect(events).toHaveLength(4);
    expect(events.find((e) => e.path === '/hooks' && e.event.data.subject.id === shown.id)?.event).toMatchObject({
      type: 'objective.created',
      data: { subject: { type: 'objective', id: shown.id, title: 'Ship the webhooks', status: 'in progress', url: `https://hub.bitstone.test/objective-tracking/objective-details?id=${shown.id}` }, actor: { id: w.ids.member, name: 'Bogdan Member' } },
    });
    expect(events.find((e) => e.path === '/hooks' && e.event.data.subject.id === hidden.id)?.event).toMatchObject({ data: { subject: { title: null } } });
    expect(events.find((e) => e.path.includes('private') && e.event.data.subject.id === hidden.id)?.event).toMatchObject({ data: { subject: { title: 'Secret plan' } } });
  });

  it('signs with the old and the new secret for a day after a rotation', async () => {
    const { endpoint, secret: before } = await createEndpoint({ events: ['objective.created'] });
    const rotated = webhookWithSecretResponseSchema.parse(camelize((await w.hub.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`, undefined, { token: adminToken })).body)).data;
    expect(rotated.secret).not.toBe(before);
    expect(rotated.endpoint.previousSecretUntil).not.toBeNull();
    await w.hub.post(`/api/admin/webhooks/${endpoint.id}/test`, undefined, { token: adminToken });
    const [hook] = receiver.received;
    expect(String(hook.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(before, hook)).toBeTruthy();
    expect(verify(rotated.secret, hook)).toBeTruthy();
  });

  it('sends a delivery again from the log with the same webhook-id', async () => {
    const { endpoint } = await createEndpoint();
    await w.hub.post(`/api/admin/webhooks/${endpoint.id}/test`, undefined, { token: adminToken });
    const [attempt] = webhookDeliveriesResponseSchema.parse(camelize((await w.hub.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, { token: adminToken })).body)).data.items;
    expect((await w.hub.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${attempt.id}/resend`, undefined, { token: adminToken })).status).toBe(200);
    await drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
  });

  it('sends nothing again through another endpoint: a delivery of one is 404 under the other', async () => {
    const first = (await createEndpoint()).endpoint;
    const second = (await createEndpoint({ url: `${receiver.url}/second` })).endpoint;
    await w.hub.post(`/api/admin/webhooks/${first.id}/test`, undefined, { token: adminToken });
    const [attempt] = webhookDeliveriesResponseSchema.parse(camelize((await w.hub.get(`/api/admin/webhooks/${first.id}/deliveries`, { token: adminToken })).body)).data.items;
    const res = await w.hub.post(`/api/admin/webhooks/${second.id}/deliveries/${attempt.id}/resend`, undefined, { token: adminToken });
    expect(res.status).toBe(404);
    await drain();
    expect(receiver.received).toHaveLength(1);
  });
});

describe('the events the services tell', () => {
  const told = async (secret: string) => {
    await drain();
    return receiver.received.map((hook) => verify(secret, hook) as Told & { data: Record<string, unknown> });
  };

  it('a check-in, a status change and an evaluation (which says nothing of its contents)', async () => {
    const { secret } = await createEndpoint({ events: ['check_in.added', 'objective.status_changed', 'evaluation.created'] });
    const o = (await w.create('member', { title: 'Faster builds', is_public: true })).body.data;
    const kr = (await w.hub.post(`/api/objective/${o.id}`, { title: 'Cut build time', description: 'Under 5 minutes', deadline: day(10) }, { token: w.tokens.member })).body.data;
    expect((await w.hub.post(`/api/key-result/${kr.id}/check-ins`, { percent: 20, confidence: 'on_track', comment: 'Profiled it' }, { token: w.tokens.member })).status).toBe(200);
    const done = await w.put('member', o.id, { action: 'complete', complete_key_results: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const evaluation = snakify(createEvaluationSchema.parse({
      userId: w.ids.mate, technicalExpertise: '4', teamwork: '5', flexibility: '3', resultsFocus: '4', languages: '2', continualLearning: '3',
      safetyFocus: '4', communication: '5', initiative: '1', openDiscussion: '3', targets: 'Lead the confidential release.',
    }));
    expect((await w.hub.post('/api/employee-details', evaluation, { token: w.tokens.lead })).status).toBe(200);
    const types = ['check_in.added', 'objective.status_changed', 'evaluation.created'];
    const events = byType(await told(secret), types);
    expect(events.map((e) => e.type)).toEqual(types);
    expect(events[0].data).toMatchObject({ subject: { type: 'check_in', status: 'on_track' }, objective: { id: o.id, title: 'Faster builds' } });
    expect(events[1].data).toMatchObject({ subject: { id: o.id, status: done.body.data.status }, previous_status: 'in progress', actor: { name: 'Bogdan Member' } });
    expect(events[2].data).toMatchObject({ subject: { type: 'evaluation' }, actor: { name: 'Ana Lead' } });
    for (const hook of receiver.received) expect(hook.body).not.toContain('confidential');
  });
});

describe('the objective and approval events', () => {
  it('an edit, a key result completed, an approval asked and decided, and a delete: each once, with the objective as it then was', async () => {
    const { secret } = await createEndpoint({ events: ['objective.changed', 'key_result.completed', 'approval.requested', 'approval.decided', 'objective.deleted'] });
    const o = objectiveResponseSchema.parse(camelize((await w.create('member', { title: 'Quieter alerts', is_public: true })).body)).data;
    const edited = await w.put('member', o.id, wire(objectiveUpdateSchema.parse({ title: 'Quieter on-call alerts', lastModificationDate: o.lastModificationDate })));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const added = await w.hub.post(`/api/objective/${o.id}`, wire(keyResultCreateSchema.parse({ title: 'Halve the pages', description: 'From 40 a week', deadline: day(10) })), { token: w.tokens.member });
    const kr = keyResultResponseSchema.parse(camelize(added.body)).data;
    const completed = await w.hub.request('PUT', `/api/key-result/${kr.id}`, { token: w.tokens.member, body: wire(keyResultUpdateSchema.parse({ action: 'complete' })) });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    // a member's delete waits for their lead's approval (spec §4)
    const asked = await w.put('member', o.id, wire(objectiveUpdateSchema.parse({ action: 'delete' })));
    expect(objectiveResponseSchema.parse(camelize(asked.body)).data.status).toBe('waiting for approval');
    const decided = await w.hub.post(`/api/objective/${o.id}/approval`, approvalDecisionSchema.parse({ decision: 'approve' }), { token: w.tokens.lead });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    // the lead's own objective goes at once
    const own = objectiveResponseSchema.parse(camelize((await w.create('lead', { title: 'Retire the old VPN', is_public: true })).body)).data;
    expect((await w.put('lead', own.id, wire(objectiveUpdateSchema.parse({ action: 'delete' })))).status).toBe(200);

    await drain();
    const types = ['objective.changed', 'key_result.completed', 'approval.requested', 'approval.decided', 'objective.deleted'];
    const events = byType(receiver.received.map((hook) => verify(secret, hook) as Told & { data: Record<string, unknown> }), types);
    expect(events.map((e) => [e.type, e.data.subject.id])).toEqual([
      ['objective.changed', o.id], ['key_result.completed', kr.id], ['approval.requested', o.id], ['approval.decided', o.id], ['objective.deleted', own.id],
    ]);
    expect(events[0].data).toMatchObject({ subject: { title: 'Quieter on-call alerts' }, actor: { name: 'Bogdan Member' } });
    expect(events[1].data).toMatchObject({ subject: { type: 'key_result', title: 'Halve the pages', status: 'completed' }, objective: { id: o.id, title: 'Quieter on-call alerts' } });
    expect(events[2].data).toMatchObject({ subject: { status: 'waiting for approval' }, actor: { name: 'Bogdan Member' } });
    expect(events[3].data).toMatchObject({ subject: { status: 'deleted' }, actor: { name: 'Ana Lead' } });
    expect(events[4].data).toMatchObject({ subject: { title: 'Retire the old VPN', status: 'deleted' }, actor: { name: 'Ana Lead' } });
  });

  it('tells no endpoint an event it did not ask for', async () => {
    const { secret } = await createEndpoint({ events: ['objective.deleted'] });
    const o = objectiveResponseSchema.parse(camelize((await w.create('lead', { title: 'Only an edit', is_public: true })).body)).data;
    expect((await w.put('lead', o.id, wire(objectiveUpdateSchema.parse({ title: 'Only an edit, again', lastModificationDate: o.lastModificationDate })))).status).toBe(200);
    await drain();
    expect(receiver.received.map((hook) => verify(secret, hook).type)).toEqual([]);
  });
});

describe('the people events', () => {
  it('a person joined, changed and archived: their id and name, nothing of their personal data', async () => {
    const { secret } = await createEndpoint({ events: ['person.joined', 'person.changed', 'person.archived'] });
    const email = `new.${Date.now()}@bitstone.test`;
    const [job] = await w.hub.db.insert(jobs).values({ name: 'Webhook engineer' }).returning();
    const fields = { name: 'New Person', email, phone: '0700 123 456', teamIds: [w.alpha], jobId: job.id };
    const res = await w.hub.post('/api/user', wire(createMemberSchema.parse({ ...fields, joinDate: '2024-05-01' })), { token: adminToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changed = await w.hub.request('PUT', `/api/user/${res.body.data.id}`, { token: adminToken, body: wire(updateMemberSchema.parse({ ...fields, name: 'New Person-Renamed' })) });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await w.hub.request('DELETE', `/api/user/${res.body.data.id}`, { token: adminToken })).status).toBe(200);
    await drain();
    const events = byType(receiver.received.map((hook) => verify(secret, hook)), ['person.joined', 'person.changed', 'person.archived']);
    expect(events.map((e) => [e.type, e.data.subject.id, e.data.subject.title])).toEqual([
      ['person.joined', res.body.data.id, 'New Person'], ['person.changed', res.body.data.id, 'New Person-Renamed'], ['person.archived', res.body.data.id, 'New Person-Renamed'],
    ]);
    for (const hook of receiver.received) {
      expect(hook.body).not.toContain(email);
      expect(hook.body).not.toContain('0700');
    }
  });
});

describe('the address policy on loopback', () => {
  // an endpoint saved before the allow-list changed (the routes would refuse it now)
  const saved = async (url: string) => (await w.hub.db.insert(webhookEndpoints).values({ url, events: ['objective.created'], secret: 'whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQ=' }).returning())[0];

  it('sends nothing to 127.0.0.2, not on the allow-list, over http or https', async () => {
    const http = await saved(inward.url);
    const https = await saved(inward.url.replace('http:', 'https:'));
    await w.create('member');
    await drain();
    expect(inward.received).toHaveLength(0);
    for (const endpoint of [http, https]) {
      const log = webhookDeliveriesResponseSchema.parse(camelize((await w.hub.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, { token: adminToken })).body)).data.items;
      expect(log).toEqual([expect.objectContaining({ outcome: 'failed', statusCode: null, error: expect.stringMatching(/https|refused|loopback/) })]);
    }
  });

  it('does not follow a redirect from the allowed receiver to 127.0.0.2', async () => {
    const { endpoint } = await createEndpoint();
    receiver.answer = { status: 307, location: inward.url };
    await w.hub.post(`/api/admin/webhooks/${endpoint.id}/test`, undefined, { token: adminToken });
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(inward.received).toHaveLength(0);
    const log = webhookDeliveriesResponseSchema.parse(camelize((await w.hub.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, { token: adminToken })).body)).data.items;
    expect(log).toEqual([expect.objectContaining({ statusCode: 307, outcome: 'failed', error: expect.stringContaining('redirects are not followed') })]);
  });
});
