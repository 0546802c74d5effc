import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { queueWebhooks, startWebhooks } from '../server/features/webhooks';
import { webhookEndpoints } from '../server/features/webhooks/schema';
import { startWebhookReceiver } from '../tests/support/webhook-receiver';

// Webhooks on the outbox (docs/operations.md 'Webhooks'): what queueing an event's delivery adds to
// the transaction of the event, and how long a burst of events takes to reach a local receiver
// (loopback, on HUB_WEBHOOK_ALLOW_HOSTS, answering 200). In-memory PGlite.
//
//   npx tsx bench/webhooks.ts [events in the burst, default 1000] [transactions timed, default 300]

const BURST = Number(process.argv[2] ?? 1000);
const TIMED = Number(process.argv[3] ?? 300);

console.log(`load average at start: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
const receiver = await startWebhookReceiver('127.0.0.1');
const database = await openDatabase({});
await database.migrate();
const { db } = database;
const [person] = await db.insert(users).values({ name: 'Elena Constantin', username: 'elena', email: 'elena@bench.test' }).returning({ id: users.id });
await db.insert(webhookEndpoints).values({ url: receiver.url, events: ['objective.created'], secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` });
const log = { warn: () => {}, error: (o: object, m: string) => console.error(m, o) };
const webhooks = startWebhooks(db, { allowHosts: ['127.0.0.1'], publicUrl: 'https://hub.bench.test' }, { log, timers: false });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)];
const event = (i: number) => ({ subject: { type: 'objective', id: i, title: `Ship the VPN self-service ${i}`, status: 'in_progress', path: `/objective-tracking/objective-details?id=${i}` }, actor: { id: person.id, name: 'Elena Constantin' } });

// a transaction as an event's: one row updated, with and without the event's delivery queued in it
const without: number[] = [];
const withOne: number[] = [];
for (let i = 0; i < TIMED; i += 1) {
  let started = performance.now();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, person.id));
  });
  without.push(performance.now() - started);
  started = performance.now();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, person.id));
    await queueWebhooks(tx, 'objective.created', event(i));
  });
  withOne.push(performance.now() - started);
}
console.log(`one event's transaction: ${median(without).toFixed(2)} ms without a webhook, ${median(withOne).toFixed(2)} ms with one endpoint's delivery queued (median; p99 ${p99(without).toFixed(2)} / ${p99(withOne).toFixed(2)} ms): the event adds ${(median(withOne) - median(without)).toFixed(2)} ms`);
await webhooks.sender.drain();
receiver.received.length = 0;

// a burst: BURST events, each in its own transaction, then the sender until the receiver has them all
for (let i = 0; i < BURST; i += 1) {
  await db.transaction(async (tx) => {
    await queueWebhooks(tx, 'objective.created', event(TIMED + i));
  });
}
const started = performance.now();
const sent = await webhooks.sender.drain();
const seconds = (performance.now() - started) / 1000;
const ids = new Set(receiver.received.map((hook) => String(hook.headers['webhook-id'])));
console.log(`burst: ${sent} deliveries, ${receiver.received.length} received (${ids.size} distinct webhook-ids) by the local receiver in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(0)} a second (batches of 20, signed, each attempt logged)`);

await webhooks.close();
await database.close();
await receiver.close();
