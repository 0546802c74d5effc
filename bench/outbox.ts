import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { emailConfigFromEnv, queueEmails, startEmail } from '../server/features/email';
import { startSmtpSink } from '../tests/support/smtp-sink';

// The e-mail outbox (docs/operations.md 'The outbox'): what queueing a message adds to the
// transaction of the event that causes it, and how many messages a second the sender hands to a
// local SMTP server (smtp-server on loopback with STARTTLS, as in the tests). In-memory PGlite.
//
//   npx tsx bench/outbox.ts [messages, default 2000] [transactions timed, default 300]

const MESSAGES = Number(process.argv[2] ?? 2000);
const TIMED = Number(process.argv[3] ?? 300);

console.log(`load average at start: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
const sink = await startSmtpSink();
const database = await openDatabase({});
await database.migrate();
const { db } = database;
const people = await db
  .insert(users)
  .values(Array.from({ length: 200 }, (_, i) => ({ name: `Person ${i}`, username: `person.${i}`, email: `person.${i}@bench.test` })))
  .returning({ id: users.id });
const config = emailConfigFromEnv({
  HUB_SMTP_URL: `smtp://hub:relay-secret@127.0.0.1:${sink.port}`, HUB_MAIL_FROM: 'Bitstone Hub <hub@bench.test>',
  HUB_PUBLIC_URL: 'https://hub.bench.test', HUB_SMTP_CA_FILE: sink.caFile,
})!;
const log = { info: () => {}, warn: () => {}, error: (o: object, m: string) => console.error(m, o) };
const email = startEmail(db, config, { log, metrics: null, timers: false });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)];

// a transaction as an event's: one row updated, with and without one e-mail queued in it
const without: number[] = [];
const withOne: number[] = [];
for (let i = 0; i < TIMED; i += 1) {
  const person = people[i % people.length].id;
  let started = performance.now();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, person));
  });
  without.push(performance.now() - started);
  started = performance.now();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, person));
    await queueEmails(tx, 'approval_requested', [person], { requester: 'Elena Constantin', action: 'complete', title: 'Ship the VPN self-service' }, { settingKind: 'approval_requested' });
  });
  withOne.push(performance.now() - started);
}
console.log(`one event's transaction: ${median(without).toFixed(2)} ms without an e-mail, ${median(withOne).toFixed(2)} ms with one queued (median; p99 ${p99(without).toFixed(2)} / ${p99(withOne).toFixed(2)} ms): the row adds ${(median(withOne) - median(without)).toFixed(2)} ms`);
await email.sender!.drain();
sink.received.length = 0;

// the sender against the local relay
await db.transaction(async (tx) => {
  for (let i = 0; i < MESSAGES; i += 1) await queueEmails(tx, 'test', [people[i % people.length].id], { name: `Person ${i}` });
});
const started = performance.now();
const sent = await email.sender!.drain();
await sink.waitFor(MESSAGES, 120_000);
const seconds = (performance.now() - started) / 1000;
console.log(`sender: ${sent} messages to the local relay in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(0)} messages a second (batches of 20, 4 SMTP connections, STARTTLS)`);

await email.close();
await database.close();
await sink.close();
