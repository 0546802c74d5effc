import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { fillSkeletons, looksLikeAnother } from '../server/features/team/username-skeletons';
import { usernameSkeleton } from '../shared/rules/username-skeleton';

// The look-alike check (shared/rules/username-skeleton.ts) against every username and e-mail local
// part of 10,000 staff, as POST /user and PUT /user/:id run it: with the skeletons stored (the
// indexed lookup), and with none stored yet (every row read and computed, as right after the
// migration, before the start fills them in). Also the skeleton itself and the fill at start.
// In-memory PGlite.
//
//   npx tsx bench/username-skeletons.ts [staff, default 10000] [checks, default 200]

const STAFF = Number(process.argv[2] ?? 10_000);
const CHECKS = Number(process.argv[3] ?? 200);

console.log(`load average at start: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
const database = await openDatabase({});
await database.migrate();
const { db } = database;
const FIRST = ['ana', 'ion', 'maria', 'andrei', 'elena', 'mihai', 'ioana', 'stefan', 'cristina', 'alexandru'];
for (let start = 0; start < STAFF; start += 1000) {
  await db.insert(users).values(Array.from({ length: Math.min(1000, STAFF - start) }, (_, k) => {
    const i = start + k;
    return { name: `Person ${i}`, username: `${FIRST[i % FIRST.length]}.${i}`, email: `${FIRST[(i + 3) % FIRST.length]}.person${i}@bench.test` };
  }));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function checks(label: string): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < CHECKS; i += 1) {
    // half new names, half look-alikes of existing ones (Cyrillic а for a)
    const name = i % 2 === 0 ? `new.person.${i}` : `${FIRST[i % FIRST.length]}.${(i * 37) % STAFF}`.replace('a', '\u0430');
    const started = performance.now();
    await looksLikeAnother(db, name, null);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: ${CHECKS} checks, p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`);
}

let started = performance.now();
for (let i = 0; i < STAFF; i += 1) usernameSkeleton(`${FIRST[i % FIRST.length]}.${i}`);
console.log(`skeleton of a username: ${(((performance.now() - started) / STAFF) * 1000).toFixed(1)} µs`);

await checks(`no skeleton stored yet (${STAFF} rows read and computed)`);
started = performance.now();
const filled = await fillSkeletons(db);
console.log(`fill at start: ${filled} rows in ${(performance.now() - started).toFixed(0)} ms`);
await db.execute(sql`analyze users`);
await checks('skeletons stored (indexed)');
const plan = await db.execute(sql`explain select id from users where username_skeleton = 'x' or email_skeleton = 'x' or username_skeleton is null or (email is not null and email_skeleton is null)`);
console.log('plan:', (plan as unknown as { rows: Array<Record<string, string>> }).rows.map((r) => Object.values(r)[0]).join(' | '));
await database.close();
