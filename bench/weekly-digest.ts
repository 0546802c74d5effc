import { loadavg } from 'node:os';
import { sendWeeklyDigests } from '../server/features/digests';
import { emailConfigFromEnv } from '../server/features/email';
import { startHub } from '../server/start';
import { EMAIL_DIGEST_HOUR } from '../shared/api/notifications';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { largeDatabase } from './support/large-company';

// Monday's digest for the large company (docs/operations.md 'Digests'): how long the hub takes to
// build and queue every lead's and teams manager's digest, and what that does to the API's p99
// meanwhile. A hub on PostgreSQL (DATABASE_URL, else a throwaway cluster seeded with the large
// company), its relay a local SMTP server; a steady 50 requests a second of the lead's objectives
// list, first alone, then while the digests are built in the hub's own process, as the scheduler
// builds them.
//
//   npx tsx bench/weekly-digest.ts [staff, default 10000] [seconds of steady load alone, default 20]

const STAFF = Number(process.argv[2] ?? 10_000);
const BASELINE_S = Number(process.argv[3] ?? 20);
const RATE = 50;

console.log(`load average at start: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
const database = await largeDatabase(STAFF, console.log);
const sink = await startSmtpSink();
const email = emailConfigFromEnv({
  HUB_SMTP_URL: `smtp://hub:relay-secret@127.0.0.1:${sink.port}`, HUB_MAIL_FROM: 'Bitstone Hub <hub@bench.test>',
  HUB_PUBLIC_URL: 'https://hub.bench.test', HUB_SMTP_CA_FILE: sink.caFile,
})!;
const hub = await startHub({ port: 0, databaseUrl: database.url, logger: false, email });

const login = await fetch(`${hub.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'lead', password: 'demo' }) });
const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;

/** A steady RATE a second until `until` resolves (and at least `minMs`): each request's time. */
async function steadyLoad(until: Promise<unknown>, minMs: number): Promise<number[]> {
  const times: number[] = [];
  const inFlight: Promise<void>[] = [];
  let done = false;
  void until.then(() => { done = true; });
  const started = performance.now();
  for (let i = 0; ; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (done && performance.now() - started >= minMs) break;
    inFlight.push((async () => {
      const t = performance.now();
      const res = await fetch(`${hub.url}/api/objective?page=1&limit=20`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - t);
    })());
  }
  await Promise.all(inFlight);
  return times.sort((a, b) => a - b);
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const line = (label: string, t: number[]) => `${label}: ${t.length} requests, p50 ${pct(t, 0.5).toFixed(1)} ms, p99 ${pct(t, 0.99).toFixed(1)} ms`;

// warm up: plans, caches
await steadyLoad(Promise.resolve(), 3000);
const alone = await steadyLoad(Promise.resolve(), BASELINE_S * 1000);
console.log(line('the API alone', alone));

const monday = new Date();
monday.setDate(monday.getDate() + ((8 - monday.getDay()) % 7 || 7));
monday.setHours(EMAIL_DIGEST_HOUR, 5, 0, 0);
const buildStarted = performance.now();
const building = sendWeeklyDigests(hub.database.db, monday);
const during = await steadyLoad(building, 5000);
const digests = await building;
const buildS = (performance.now() - buildStarted) / 1000;
console.log(`Monday's digests: ${digests} queued in ${buildS.toFixed(1)} s (target: at most 120 s)`);
console.log(line('the API while they were built', during));
const rise = (pct(during, 0.99) / pct(alone, 0.99) - 1) * 100;
console.log(`p99 rose ${rise.toFixed(0)} % (target: at most 10 %); ${buildS <= 120 && rise <= 10 ? 'every target met' : 'a target missed'}`);
console.log(`load average at end: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);

await hub.close();
await sink.close();
await database.stop();
