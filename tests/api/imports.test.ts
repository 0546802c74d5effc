import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { daysLeft, holidayEvents, importRuns, leases, settings, timetrackingAccounts, timetrackingTasks } from '../../server/db/schema';
import { runJob, windowOf } from '../../server/features/imports/jobs';
import { importJobs } from '../../server/features/imports/schedule';
import { startScheduler, tryAcquireLease } from '../../server/scheduler';
import { ROLE_GUEST } from '../../shared/rules/roles';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// design §3 imports: admin CSV uploads (all-or-nothing, line numbers), idempotent upserts, the
// scheduled time-tracking job against a fake source on loopback, and the lease across hubs.
let hub: TestHub;
const tokens: Record<'admin' | 'member' | 'guestAdmin', string> = {} as never;
let team: { id: number };
let worker: { id: number };

/** The time-tracking system the hub imports from: answers whatever `tasks` holds, for any window. */
let tasks: Array<Record<string, unknown>> = [];
let failNext = false;
const requests: string[] = [];
let source: Server;
let sourceUrl = '';

beforeAll(async () => {
  source = createServer((req, res) => {
    requests.push(`${req.url} ${req.headers.authorization ?? ''}`);
    if (failNext) {
      failNext = false;
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tasks }));
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/hours`;

  hub = await startTestHub();
  const db = hub.db;
  team = await createTeam(db);
  const adminRole = await createRole(db, { capabilities: ['VIEW_ADMIN'] });
  const guestRole = await createRole(db, { name: ROLE_GUEST, capabilities: ['VIEW_ADMIN'] });
  const admin = await createUser(db, { roleId: adminRole.id });
  const member = await createUser(db, { teamIds: [team.id] });
  const guestAdmin = await createUser(db, { roleId: guestRole.id });
  worker = await createUser(db, { name: 'Wanda Worker' });
  await db.insert(timetrackingAccounts).values({ userId: worker.id, externalUser: 'wanda' });
  for (const [key, user] of Object.entries({ admin, member, guestAdmin })) tokens[key as keyof typeof tokens] = (await hub.login(user.username, TEST_PASSWORD)).token;
});
afterAll(async () => {
  await hub?.close();
  await new Promise((resolve) => source?.close(resolve));
});

const holidaysCsv = () =>
  [
    'external_id,title,start,end,type,team_ids,email',
    `ext-1,Ana - Vacation Day,2026-07-06,2026-07-10,De odihna,${team.id},`,
    `ext-2,"Pop, Dan - Medical",2026-07-13,2026-07-13,Medical,${team.id},`,
  ].join('\n');

const count = async (table: typeof holidayEvents | typeof daysLeft | typeof timetrackingTasks, where = sql`true`) =>
  Number((await hub.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0].n);

describe('POST /imports/holidays', () => {
  it('imports the events and is idempotent on re-run', async () => {
    for (let run = 0; run < 2; run++) {
      const res = await hub.post('/api/imports/holidays', { csv: holidaysCsv() }, { token: tokens.admin });
      expect(res.status).toBe(200);
      expect(res.body.data.run).toMatchObject({ source: 'holidays:csv', status: 'succeeded', rows: 2 });
    }
    expect(await count(holidayEvents, sql`external_id like 'ext-%'`)).toBe(2);
    const [event] = await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, 'ext-2'));
    expect(event).toMatchObject({ title: 'Pop, Dan - Medical', start: '2026-07-13', teamIds: [team.id] });
  });

  it('a changed row updates the event it names', async () => {
    const csv = holidaysCsv().replace('2026-07-10,De odihna', '2026-07-09,De odihna');
    expect((await hub.post('/api/imports/holidays', { csv }, { token: tokens.admin })).status).toBe(200);
    const [event] = await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, 'ext-1'));
    expect(event.end).toBe('2026-07-09');
  });

  it('a file with a bad row changes nothing and names each bad line', async () => {
    const csv = `${holidaysCsv().replace('Ana - Vacation Day', 'Ana - Renamed')}\next-3,Bad,2026-07-40,2026-07-41,De odihna,,\next-4,Worse,2026-07-01,2026-07-02,Holiday,,`;
    const res = await hub.post('/api/imports/holidays', { csv }, { token: tokens.admin });
    expect(res.status).toBe(400);
    const messages = res.body.errors.map((e: { message: string }) => e.message);
    expect(messages[0]).toBe('The file has invalid rows; nothing was imported.');
    expect(messages).toContainEqual(expect.stringMatching(/^Line 4: start must be a date/));
    expect(messages).toContainEqual(expect.stringMatching(/^Line 5: type is not one of the six holiday types/));
    expect(res.body.errors[1].field).toBe('csv');
    expect(await count(holidayEvents, sql`external_id in ('ext-3', 'ext-4')`)).toBe(0);
    const [kept] = await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, 'ext-1'));
    expect(kept.title).toBe('Ana - Vacation Day');
  });

  it('an unknown team id refuses the whole file', async () => {
    const res = await hub.post('/api/imports/holidays', { csv: `${holidaysCsv()}\next-9,X,2026-07-01,2026-07-01,Birthday,999999,` }, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors[1].message).toBe('Unknown team id(s): 999999.');
    expect(await count(holidayEvents, sql`external_id = 'ext-9'`)).toBe(0);
  });

  it('400s when the file is missing or lacks a column, with the line', async () => {
    expect((await hub.post('/api/imports/holidays', {}, { token: tokens.admin })).body.errors[0]).toMatchObject({ field: 'csv', message: 'A CSV file is required.' });
    const res = await hub.post('/api/imports/holidays', { csv: 'external_id,title\nx,y' }, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors[1].message).toBe('Line 1: Missing column(s): start, end, type, team_ids.');
  });

  it('accepts a text/csv body too', async () => {
    const res = await hub.request('POST', '/api/imports/days-left', { token: tokens.admin, raw: 'email,days_left\nraw@bitstone.test,5', headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(200);
  });

  it('is for admins only: a member and the barred role get 403 and nothing changes', async () => {
    for (const token of [tokens.member, tokens.guestAdmin]) {
      expect((await hub.post('/api/imports/holidays', { csv: holidaysCsv() }, { token })).status).toBe(403);
      expect((await hub.post('/api/imports/days-left', { csv: 'email,days_left\nx@y.test,1' }, { token })).status).toBe(403);
      expect((await hub.get('/api/imports', { token })).status).toBe(403);
    }
    expect(await count(daysLeft, sql`email = 'x@y.test'`)).toBe(0);
  });
});

describe('POST /imports/days-left', () => {
  it('upserts by email; an empty count means no information', async () => {
    const csv = 'email,days_left\nana@bitstone.test,12\nion@bitstone.test,';
    for (let run = 0; run < 2; run++) expect((await hub.post('/api/imports/days-left', { csv }, { token: tokens.admin })).status).toBe(200);
    await hub.post('/api/imports/days-left', { csv: 'email,days_left\nana@bitstone.test,10' }, { token: tokens.admin });
    const rows = await hub.db.select().from(daysLeft).where(sql`email in ('ana@bitstone.test', 'ion@bitstone.test')`).orderBy(daysLeft.email);
    expect(rows.map((r) => [r.email, r.daysLeft])).toEqual([['ana@bitstone.test', 10], ['ion@bitstone.test', null]]);
  });
});

// Files as Excel saves them, sent as the bytes of the file (the hub decodes them).
/** Windows-1252 bytes: Latin-1 for the letters, and 1252's own bytes for the marks Excel users type. */
const cp1252 = (text: string) =>
  Buffer.from(text.replace(/[„”–€]/g, (c) => String.fromCharCode({ '„': 0x84, '”': 0x94, '–': 0x96, '€': 0x80 }[c] ?? 0)), 'latin1');
const utf8WithBom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
const postCsvFile = (kind: 'holidays' | 'days-left', bytes: Uint8Array<ArrayBuffer>) =>
  hub.request('POST', `/api/imports/${kind}`, { token: tokens.admin, raw: bytes, headers: { 'content-type': 'text/csv' } });
const titleOf = async (externalId: string) => (await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, externalId)))[0]?.title;
const runCount = async () => Number((await hub.db.select({ n: sql<number>`count(*)::int` }).from(importRuns))[0].n);

describe('CSV files as Excel writes them', () => {
  it('reads a ";"-separated Windows-1252 file with CRLF, quoted values holding ";" and quotes', async () => {
    const other = await createTeam(hub.db);
    // Windows-1252 holds the Romanian î and â, not ă, ș or ț (nor ş and ţ with cedilla)
    const file = cp1252(
      [
        'external_id;title;start;end;type;team_ids;email',
        `xl-1;"Întâlnire; „Târg” la Câmpina ""anual""";2026-09-07;2026-09-08;De odihna;"${team.id};${other.id}";`,
        ';;;;;;',
        'xl-2;René Müller – 20 €;2026-09-09;2026-09-09;Medical;;',
        '',
      ].join('\r\n'),
    );
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file)).toThrow();
    const res = await postCsvFile('holidays', file);
    expect(res.status).toBe(200);
    expect(res.body.data.run).toMatchObject({ source: 'holidays:csv', status: 'succeeded', rows: 2 });
    const [first] = await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, 'xl-1'));
    expect(first).toMatchObject({ title: 'Întâlnire; „Târg” la Câmpina "anual"', start: '2026-09-07', teamIds: [team.id, other.id] });
    expect(await titleOf('xl-2')).toBe('René Müller – 20 €');
  });

  it('reads UTF-8 with a BOM and CRLF, Romanian letters with comma below and with cedilla alike', async () => {
    const file = utf8WithBom(
      [
        'external_id;title;start;end;type;team_ids;email',
        'xl-3;"Ședință, țară; ăîâșț ĂÎÂȘȚ";2026-09-10;2026-09-10;Medical;;',
        'xl-4;Ştefan Ţepeş (cedilla);2026-09-11;2026-09-11;Medical;;',
      ].join('\r\n'),
    );
    const res = await postCsvFile('holidays', file);
    expect(res.status).toBe(200);
    expect(await titleOf('xl-3')).toBe('Ședință, țară; ăîâșț ĂÎÂȘȚ');
    expect(await titleOf('xl-4')).toBe('Ştefan Ţepeş (cedilla)');

    expect((await postCsvFile('days-left', utf8WithBom('Email;Days_Left\r\nbom@bitstone.test;7\r\n'))).status).toBe(200);
    expect(await count(daysLeft, sql`email = 'bom@bitstone.test' and days_left = 7`)).toBe(1);
  });

  it('names the line of a bad row in a ";" file', async () => {
    const res = await postCsvFile('days-left', cp1252('email;days_left\r\nok@bitstone.test;1\r\n"Înscris@bitstone.test;2\r\n'));
    expect(res.status).toBe(400);
    expect(res.body.errors[1]).toEqual({ message: 'Line 3: A quoted field is not closed.', field: 'csv' });
  });

  it('refuses a file of NULs or binary garbage with 400 naming the csv field, and records no run', async () => {
    const runsBefore = await runCount();
    // Excel's "Unicode text" is UTF-16: every other byte of a Latin letter is NUL
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('email;days_left\r\nnul@bitstone.test;3\r\n', 'utf16le')]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    for (const bytes of [utf16, png, Buffer.alloc(64)]) {
      const res = await postCsvFile('days-left', bytes);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'csv', message: expect.stringMatching(/^Must not contain control characters such as NUL/) }]);
    }
    expect(await count(daysLeft, sql`email = 'nul@bitstone.test'`)).toBe(0);
    expect(await runCount()).toBe(runsBefore);
  });
});

describe('scheduled holidays-app import', () => {
  it('pulls events and days left from the holidays app through the same HTTP adapter', async () => {
    const app = createServer((req, res) => {
      const body = req.url?.startsWith('/events')
        ? { events: [{ external_id: 'app-1', title: 'Ana - Medical', start: '2026-08-03', end: '2026-08-04', type: 'Medical', team_ids: [team.id] }] }
        : [{ email: 'app@bitstone.test', days_left: 9 }];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    try {
      await hub.db.insert(settings).values({ key: 'importSources', value: { holidays: { kind: 'http', url: `${base}/events` }, daysLeft: { kind: 'http', url: `${base}/days-left` } } });
      const outcomes = (await runJob(hub.db, 'holidays')) ?? [];
      expect(outcomes.map((o) => [o.run.source, o.run.status, o.run.rows])).toEqual([['holidays', 'succeeded', 1], ['days-left', 'succeeded', 1]]);
      const [event] = await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, 'app-1'));
      expect(event).toMatchObject({ title: 'Ana - Medical', teamIds: [team.id] });
      expect(await count(daysLeft, sql`email = 'app@bitstone.test' and days_left = 9`)).toBe(1);
    } finally {
      await hub.db.delete(settings).where(eq(settings.key, 'importSources'));
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('reads a drop folder of Windows-1252 and UTF-8 files as an upload is read', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'hub-drop-'));
    try {
      writeFileSync(path.join(folder, 'ansi.csv'), cp1252(`external_id;title;start;end;type;team_ids\r\nfx-1;"Câmpina; „Târg”";2026-10-05;2026-10-05;Medical;${team.id}\r\n`));
      writeFileSync(path.join(folder, 'utf8.csv'), utf8WithBom('external_id,title,start,end,type,team_ids\r\nfx-2,"Ședință, țară",2026-10-06,2026-10-06,Medical,\r\n'));
      await hub.db.insert(settings).values({ key: 'importSources', value: { holidays: { kind: 'csv-folder', folder } } });
      const outcomes = (await runJob(hub.db, 'holidays')) ?? [];
      expect(outcomes.map((o) => [o.run.status, o.run.rows])).toEqual([['succeeded', 2]]);
      expect(await titleOf('fx-1')).toBe('Câmpina; „Târg”');
      expect(await titleOf('fx-2')).toBe('Ședință, țară');
    } finally {
      await hub.db.delete(settings).where(eq(settings.key, 'importSources'));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('scheduled time-tracking import', () => {
  const today = windowOf('today').from;
  const configure = () =>
    hub.db.insert(settings).values({ key: 'importSources', value: { timetracking: { kind: 'http', url: sourceUrl, token: 'secret' } } })
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });

  it('does nothing while no source is configured', async () => {
    expect(await runJob(hub.db, 'timetracking:today')).toBeNull();
  });

  it('imports today’s tasks from the HTTP source with its token, idempotently', async () => {
    await configure();
    tasks = [
      { id: 'tt-1', user: 'wanda', date: today, summary: 'Build', hours: 6 },
      { id: 'tt-2', user: 'wanda', date: today, summary: 'Review', hours: '2' },
      { id: 'tt-old', user: 'wanda', date: '2001-01-01', summary: 'Outside the window', hours: 1 },
    ];
    for (let run = 0; run < 2; run++) {
      const [outcome] = (await runJob(hub.db, 'timetracking:today')) ?? [];
      expect(outcome.run).toMatchObject({ source: 'timetracking:today', status: 'succeeded', rows: 2 });
    }
    expect(requests.at(-1)).toBe(`/hours?from=${today}&to=${today} Bearer secret`);
    expect(await count(timetrackingTasks, eq(timetrackingTasks.userId, worker.id))).toBe(2);
  });

  it('a failing source or a bad record keeps the previous hours and shows the failure to admins', async () => {
    failNext = true;
    const [failed] = (await runJob(hub.db, 'timetracking:today')) ?? [];
    expect(failed.run).toMatchObject({ status: 'failed', message: 'HTTP error! Status: 503' });

    tasks = [{ id: 'tt-1', user: 'wanda', date: today, summary: 'Changed', hours: 8 }, { id: 'tt-3', user: 'nobody', date: today, summary: 'x', hours: 1 }];
    const [bad] = (await runJob(hub.db, 'timetracking:today')) ?? [];
    expect(bad.run).toMatchObject({ status: 'failed', message: 'Unknown time-tracking user(s): nobody.' });
    const [kept] = await hub.db.select().from(timetrackingTasks).where(eq(timetrackingTasks.externalId, 'tt-1'));
    expect(kept.summary).toBe('Build');

    const runs = await hub.get('/api/imports', { token: tokens.admin });
    expect(runs.status).toBe(200);
    expect(runs.body.data.runs[0]).toMatchObject({ source: 'timetracking:today', status: 'failed', message: 'Unknown time-tracking user(s): nobody.' });
    expect(runs.body.data.runs[0].finished_at).toEqual(expect.any(String));
  });

  it('runs once when two hubs tick together, and again once the lease has expired', async () => {
    tasks = [{ id: 'tt-1', user: 'wanda', date: today, summary: 'Build', hours: 6 }];
    const log = { info: () => undefined, error: () => undefined };
    const a = startScheduler(hub.db, log, importJobs(hub.db, log), { holder: 'hub-a', timers: false });
    const b = startScheduler(hub.db, log, importJobs(hub.db, log), { holder: 'hub-b', timers: false });
    const before = Number((await hub.db.select({ n: sql<number>`count(*)::int` }).from(importRuns)).at(0)?.n);
    const ran = await Promise.all([a.tick('import:timetracking:month'), b.tick('import:timetracking:month'), a.tick('import:timetracking:month'), b.tick('import:timetracking:month')]);
    expect(ran.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    const holders = await hub.db.select().from(leases).where(eq(leases.name, 'import:timetracking:month'));
    expect(holders).toHaveLength(1);
    // Only the holder's ticks ran; the other hub's were refused.
    const winner = holders[0].holder === 'hub-a' ? 0 : 1;
    expect(ran.map((r, i) => r === (i % 2 === winner))).toEqual([true, true, true, true]);
    const after = Number((await hub.db.select({ n: sql<number>`count(*)::int` }).from(importRuns)).at(0)?.n);
    expect(after - before).toBe(ran.filter(Boolean).length);

    // The holder stopping hands the lease over at once.
    await (winner === 0 ? a : b).stop();
    expect(await tryAcquireLease(hub.db, 'import:timetracking:month', winner === 0 ? 'hub-b' : 'hub-a', 60_000)).toBe(true);
    await (winner === 0 ? b : a).stop();
  });

  it('reads a CSV drop folder through the same job, keeping only the current month', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'hub-drop-'));
    try {
      const month = windowOf('month');
      writeFileSync(path.join(folder, 'a.csv'), `id,user,date,summary,hours\nf-1,wanda,${month.from},Planning,1.5\nf-old,wanda,2001-01-01,Old,1\n`);
      writeFileSync(path.join(folder, 'notes.txt'), 'not a csv');
      await hub.db.update(settings).set({ value: { timetracking: { kind: 'csv-folder', folder } } }).where(eq(settings.key, 'importSources'));
      for (let run = 0; run < 2; run++) {
        const [outcome] = (await runJob(hub.db, 'timetracking:month')) ?? [];
        expect(outcome.run).toMatchObject({ source: 'timetracking:month', status: 'succeeded', rows: 1 });
      }
      expect(await count(timetrackingTasks, sql`external_id like 'f-%'`)).toBe(1);
      writeFileSync(path.join(folder, 'b.csv'), `id,user,date,summary,hours\nf-2,wanda,${month.from},Bad,lots\n`);
      const [bad] = (await runJob(hub.db, 'timetracking:month')) ?? [];
      expect(bad.run).toMatchObject({ status: 'failed', message: 'b.csv line 2: hours must be a number.' });
    } finally {
      await configure();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  // design §1 scale-out: two hubs are two connection pools on one PostgreSQL; on PGlite (one
  // embedded engine) the two schedulers share the handle, which still proves the lease decides.
  it('two hubs running the same job at once import once', async () => {
    const serverUrl = inject('databaseUrl');
    let second: Awaited<ReturnType<typeof openDatabase>> | null = null;
    if (serverUrl) {
      const result = (await hub.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
      const url = new URL(serverUrl);
      url.pathname = `/${result.rows[0].name}`;
      second = await openDatabase({ databaseUrl: url.toString() });
    }
    const log = { info: () => undefined, error: () => undefined };
    const a = startScheduler(hub.db, log, importJobs(hub.db, log), { holder: 'pool-a', timers: false });
    const otherDb = second?.db ?? hub.db;
    const b = startScheduler(otherDb, log, importJobs(otherDb, log), { holder: 'pool-b', timers: false });
    try {
      await hub.db.delete(leases);
      const before = await hub.db.select({ n: sql<number>`count(*)::int` }).from(importRuns);
      const ran = await Promise.all([a.tick('import:timetracking:today'), b.tick('import:timetracking:today')]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      const after = await hub.db.select({ n: sql<number>`count(*)::int` }).from(importRuns);
      expect(Number(after[0].n) - Number(before[0].n)).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
      await second?.close();
    }
  });

  it('an expired lease can be taken by another hub', async () => {
    expect(await tryAcquireLease(hub.db, 'import:test', 'hub-a', 60_000)).toBe(true);
    expect(await tryAcquireLease(hub.db, 'import:test', 'hub-b', 60_000)).toBe(false);
    expect(await tryAcquireLease(hub.db, 'import:test', 'hub-a', 60_000)).toBe(true); // renewal
    await hub.db.update(leases).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(leases.name, 'import:test'));
    expect(await tryAcquireLease(hub.db, 'import:test', 'hub-b', 60_000)).toBe(true);
  });
});
