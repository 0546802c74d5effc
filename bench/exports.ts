import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { jobs, keyResults, objectives, roles, teamMembers, teams, users } from '../server/db/schema';
import { exportUserPages, exportUsers } from '../server/features/team/users-data';
import { usersWorkbookStream } from '../server/features/team/users-xlsx';
import { createSession } from '../server/features/auth/sessions';
import { ALL_CAPABILITIES } from '../shared/rules/capabilities';
import type { Actor } from '../shared/rules/session-user';
import { readXlsx } from '../tests/support/xlsx-read';

// bench/exports.ts: GET /api/exports/users.xlsx with 1k, 5k and 10k members and
// GET /api/exports/plans.xlsx?team= for one big team, through the real route on a fresh in-memory
// PGlite hub (loopback HTTP, the body read as it arrives). For each size: time, workbook size, and
// the live heap the export needed (a second run with a collection every 50 ms; needs --expose-gc).
// The users export is also written from rows all read first, for comparison, and without HTTP.
// 'buffers' is memory outside the heap (Buffers, ArrayBuffers): the streamed users export keeps
// the pages for its later sheets in a temporary file past 256 KiB, so it should stay flat too.
//
//   node --expose-gc --import tsx bench/exports.ts [--sizes 1000,5000,10000] [--objectives 2000,5000,10000]

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const SIZES = flag('--sizes', '1000,5000,10000').split(',').map(Number);
const OBJECTIVE_SIZES = flag('--objectives', '2000,5000,10000').split(',').map(Number);
const KEY_RESULTS_PER_OBJECTIVE = 3;
const MiB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;


interface Figures {
  ms: number;
  bytes: number;
  /** the largest live heap seen above the baseline (collected every 50 ms in a second run) */
  liveHeap: number;
  /** the same for Buffers and ArrayBuffers outside the heap (the zip's chunks, the spool's pages) */
  buffers: number;
  peakRss: number;
}

/**
 * Times `work`, then runs it again collecting garbage every 50 ms to see the live heap it needs
 * (without collections the heap mostly shows garbage not yet swept). Peaks are above the
 * collected baseline just before each run.
 */
async function measure(work: () => Promise<number>): Promise<Figures> {
  gc?.();
  const started = performance.now();
  const bytes = await work();
  const ms = performance.now() - started;
  gc?.();
  const base = process.memoryUsage();
  let liveHeap = base.heapUsed;
  let buffers = base.arrayBuffers;
  let peakRss = base.rss;
  const timer = setInterval(() => {
    gc?.();
    const m = process.memoryUsage();
    liveHeap = Math.max(liveHeap, m.heapUsed);
    buffers = Math.max(buffers, m.arrayBuffers);
    peakRss = Math.max(peakRss, m.rss);
  }, 50);
  await work();
  clearInterval(timer);
  return { ms, bytes, liveHeap: (liveHeap - base.heapUsed) / MiB, buffers: (buffers - base.arrayBuffers) / MiB, peakRss: (peakRss - base.rss) / MiB };
}

const row = (label: string, f: Figures) =>
  `${label.padEnd(66)} ${f.ms.toFixed(0).padStart(7)} ms ${(f.bytes / 1024).toFixed(0).padStart(7)} KiB   live heap +${f.liveHeap.toFixed(1).padStart(6)} MiB   buffers +${f.buffers.toFixed(1).padStart(5)} MiB   RSS +${f.peakRss.toFixed(0).padStart(4)} MiB   load ${loadavg()[0].toFixed(1)}`;

const database = await openDatabase({});
await database.migrate();
const { db } = database;
const app = await buildApp({ database, logger: false, webRoot: null });
const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');

const [adminRole] = await db.insert(roles).values({ name: 'Admin', capabilities: [...ALL_CAPABILITIES] }).returning();
const [job] = await db.insert(jobs).values({ name: 'Engineer' }).returning();
const teamRows = await db.insert(teams).values(Array.from({ length: 20 }, (_, i) => ({ name: `Team ${i}`, technology: 'TypeScript' }))).returning();
const [exporter] = await db.insert(users).values({ name: 'Bench Exporter', username: 'bench.exporter', roleId: adminRole.id, isOwner: true, firstLogin: false }).returning();
const { token } = await createSession(db, exporter.id);

let members = 0;
async function addMembers(upTo: number) {
  while (members < upTo) {
    const count = Math.min(500, upTo - members);
    const batch = Array.from({ length: count }, (_, k) => {
      const i = members + k;
      return {
        name: `Member ${String(i).padStart(6, '0')} ${randomBytes(2).toString('hex')}`, username: `m${i}`, email: `m${i}@bench.test`, phone: '+40 700 000 000',
        jobId: job.id, joinDate: '2020-01-15', firstLogin: false,
        extras: {
          relevantExperience: [{ company: 'Acme', position: 'Dev', startDate: '01/2015', endDate: '12/2019', description: 'Work' }, { company: 'Bitstone', position: 'Dev', startDate: '01/2020', endDate: 'Present' }],
          projectsInfo: [{ title: 'Apollo', mainGoal: 'Ship', responsabilities: 'All', technicalSkills: 'TS' }, { title: 'Zeus' }],
        },
      };
    });
    const inserted = await db.insert(users).values(batch).returning({ id: users.id });
    await db.insert(teamMembers).values(inserted.map((u, k) => ({ userId: u.id, teamId: teamRows[(members + k) % teamRows.length].id, isLead: (members + k) % 50 === 0 })));
    members += count;
  }
}

/** Reads the download as it arrives, keeping only its length (what a browser saving it does). */
async function download(path: string): Promise<number> {
  // one retry: a keep-alive socket the hub closed while the data was being inserted
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }).catch(() => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }));
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  return bytes;
}

async function rowCount(path: string, sheet: number): Promise<number> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return readXlsx(await res.arrayBuffer()).sheets[sheet].rowCount - 1;
}

const admin: Actor = {
  id: exporter.id, role: { id: adminRole.id, name: 'Admin' }, capabilities: [...ALL_CAPABILITIES], isOwner: true, isTeamLead: false, isTeamsManager: false,
  teamIds: [], leadTeamIds: [], managedTeamIds: [],
};

if (!gc) throw new Error('run with node --expose-gc --import tsx bench/exports.ts: the live heap needs collections');
console.log(`bench/exports.ts on PGlite (in memory), Node ${process.version}; time of one run, live heap of a second run collected every 50 ms`);
console.log('\nUsers export: GET /api/exports/users.xlsx (3 sheets; 1 main row, 2 experience rows, 2 project rows per member)');
for (const size of SIZES) {
  await addMembers(size);
  const streamed = await measure(() => download('/api/exports/users.xlsx'));
  const rows = await rowCount('/api/exports/users.xlsx', 0);
  if (rows !== size + 1) throw new Error(`expected ${size + 1} main rows, got ${rows}`);
  const oneRead = await measure(async () => {
    let bytes = 0;
    for await (const chunk of usersWorkbookStream(await exportUsers(db, admin, undefined))) bytes += (chunk as Buffer).length;
    return bytes;
  });
  // the same writer without HTTP
  const oncePaged = await measure(async () => {
    let bytes = 0;
    for await (const chunk of usersWorkbookStream(exportUserPages(db, admin, undefined))) bytes += (chunk as Buffer).length;
    return bytes;
  });
  // the query work one pass costs (the read-once-per-sheet writer made three)
  const readOnly = await measure(async () => {
    let people = 0;
    for await (const page of exportUserPages(db, admin, undefined)()) people += page.length;
    return people;
  });
  console.log(row(`${size.toLocaleString('en-GB')} members, streamed, read once (the route)`, streamed));
  console.log(row(`${size.toLocaleString('en-GB')} members, streamed, read once, no HTTP`, oncePaged));
  console.log(row(`${size.toLocaleString('en-GB')} members, all rows read first`, oneRead));
  console.log(`${`${size.toLocaleString('en-GB')} members, one pass over the pages, no workbook`.padEnd(66)} ${readOnly.ms.toFixed(0).padStart(7)} ms`);
}

console.log(`\nPlans export: GET /api/exports/plans.xlsx?team= for one team (${KEY_RESULTS_PER_OBJECTIVE} key results per objective)`);
const [bigTeam] = await db.insert(teams).values({ name: 'Big team', technology: 'TypeScript' }).returning();
const owners = (await db.select({ id: users.id }).from(users).limit(1000)).map((u) => u.id);
await db.insert(teamMembers).values(owners.map((userId) => ({ userId, teamId: bigTeam.id, isLead: false }))).onConflictDoNothing();
let objectiveCount = 0;
const STATUSES = ['in progress', 'completed', 'waiting for approval', 'archived'];
for (const size of OBJECTIVE_SIZES) {
  while (objectiveCount < size) {
    const count = Math.min(1000, size - objectiveCount);
    const batch = Array.from({ length: count }, (_, k) => {
      const i = objectiveCount + k;
      const owner = owners[i % owners.length];
      const deadline = `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      return {
        title: `Objective ${i}`, description: 'Bench', category: 'Technology', subcategory: 'Development', priority: 'high', deadline, isPublic: true,
        authorId: owner, ownerId: owner, teamId: bigTeam.id, status: STATUSES[i % STATUSES.length],
      };
    });
    const inserted = await db.insert(objectives).values(batch).returning({ id: objectives.id, ownerId: objectives.ownerId, deadline: objectives.deadline });
    await db.insert(keyResults).values(inserted.flatMap((o) => Array.from({ length: KEY_RESULTS_PER_OBJECTIVE }, (_, j) => ({
      objectiveId: o.id, title: `Key result ${j + 1}`, description: 'Bench', priority: 'medium', deadline: o.deadline, ownerId: o.ownerId, authorId: o.ownerId,
      status: j === 0 ? 'completed' : 'in progress', percentage: j === 0 ? 80 : null,
    }))));
    objectiveCount += count;
  }
  const path = `/api/exports/plans.xlsx?team=${bigTeam.id}`;
  const streamed = await measure(() => download(path));
  const rows = await rowCount(path, 0);
  if (rows !== size * (1 + KEY_RESULTS_PER_OBJECTIVE)) throw new Error(`expected ${size * (1 + KEY_RESULTS_PER_OBJECTIVE)} plan rows, got ${rows}`);
  const label = `${size.toLocaleString('en-GB')} objectives + ${(size * KEY_RESULTS_PER_OBJECTIVE).toLocaleString('en-GB')} key results`;
  console.log(row(`${label}, streamed (the route)`, streamed));
}

await app.close();
await database.close();
