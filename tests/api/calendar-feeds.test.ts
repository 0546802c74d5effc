import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayEvents, objectives, users } from '../../server/db/schema';
import { publicHolidays } from '../../server/features/holidays/public-holidays';
import { upsertHolidayEvents } from '../../server/features/imports/apply';
import type { HolidayRow } from '../../server/features/imports/rows';
import { feedWindow } from '../../server/features/holidays/calendar-feed-file';
import { MAX_FEED_MISSES_PER_ADDRESS } from '../../server/features/holidays/calendar-feeds-routes';
import { calendarFeedAddressResponseSchema, calendarFeedsResponseSchema, type CalendarFeedAddress } from '../../shared/api/calendar-feeds';
import { camelize } from '../../shared/api/case';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { startTestHub, type TestHub } from '../support/hub';

// Calendar feeds: private subscription addresses and who sees what in them. Every feed
// is read with ical.js (Mozilla's parser), never by hand, and compared with the hub's data.

let hub: TestHub;
type Who = 'mate' | 'outsider' | 'leaver' | 'lead';
const tokens: Record<Who, string> = {} as never;
const ids: Record<Who, number> = {} as never;
let alpha: { id: number; name: string };
let beta: { id: number; name: string };
const year = new Date().getUTCFullYear();
const day = (month: number, d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  alpha = await createTeam(db);
  beta = await createTeam(db);
  const mate = await createUser(db, { name: 'Matei Mate', teamIds: [alpha.id] });
  const outsider = await createUser(db, { name: 'Oana Out', teamIds: [beta.id] });
  const leaver = await createUser(db, { name: 'Lucian Leaver', teamIds: [alpha.id] });
  const leadRole = await createRole(db, { name: ROLE_TEAM_LEAD });
  const lead = await createUser(db, { name: 'Lia Lead', leads: [alpha.id], roleId: leadRole.id });
  Object.assign(ids, { mate: mate.id, outsider: outsider.id, leaver: leaver.id, lead: lead.id });
  await db.insert(holidayEvents).values([
    { externalId: 'm1', userId: mate.id, title: 'Matei - Vacation Day', start: day(3, 30), end: day(4, 2), type: 'De odihna', teamIds: [alpha.id] },
    { externalId: 'o1', userId: outsider.id, title: 'Oana - Medical', start: day(4, 15), end: day(4, 15), type: 'Medical', teamIds: [beta.id] },
    { externalId: 'n1', title: 'Ziua Muncii', start: day(5, 1), end: day(5, 1), type: 'national_holiday', teamIds: [alpha.id, beta.id] },
    // outside the feed's window: never published
    { externalId: 'm0', userId: mate.id, title: 'Matei - Long ago', start: `${year - 3}-06-01`, end: `${year - 3}-06-02`, type: 'De odihna', teamIds: [alpha.id] },
  ]);
  for (const [key, user] of Object.entries({ mate, outsider, leaver, lead })) tokens[key as keyof typeof tokens] = (await hub.login(user.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

async function turnOn(who: keyof typeof tokens, feed: string): Promise<CalendarFeedAddress> {
  const res = await hub.request('PUT', `/api/calendar-feeds/${feed}`, { token: tokens[who] });
  expect(res.status).toBe(200);
  return calendarFeedAddressResponseSchema.parse(camelize(res.body)).data;
}

/** The feed as a calendar app reads it: the path of the https address, no session. */
const fetchFeed = (url: string, headers?: Record<string, string>) => hub.get(new URL(url).pathname, { headers });

interface ParsedEvent { uid: string; summary: string; start: string; end: string; allDay: boolean; lastModified: string | null; url: string | null }

function parse(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const lastModified = vevent.getFirstPropertyValue('last-modified');
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate && event.endDate.isDate,
      lastModified: lastModified ? String(lastModified) : null,
      url: vevent.getFirstPropertyValue('url') === null ? null : String(vevent.getFirstPropertyValue('url')),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

describe('Settings: GET /calendar-feeds', () => {
  it('offers my holidays, the public holidays and each active team I belong to, all off at first', async () => {
    const res = await hub.get('/api/calendar-feeds', { token: tokens.mate });
    expect(res.status).toBe(200);
    const { feeds } = calendarFeedsResponseSchema.parse(camelize(res.body)).data;
    expect(feeds.map((f) => [f.feed, f.on])).toEqual([['own', false], ['public', false], ['objectives', false], [`team-${alpha.id}`, false]]);
  });

  it('refuses a team feed of a team I do not belong to, and an unknown feed', async () => {
    expect((await hub.request('PUT', `/api/calendar-feeds/team-${beta.id}`, { token: tokens.mate })).status).toBe(404);
    expect((await hub.request('PUT', '/api/calendar-feeds/everyone', { token: tokens.mate })).status).toBe(400);
  });
});

describe('my holidays feed', () => {
  it('subscribes by https and webcal, and holds only my own holidays as all-day events', async () => {
    const address = await turnOn('mate', 'own');
    expect(address.feed.on).toBe(true);
    expect(address.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(address.webcalUrl).toBe(address.url.replace(/^http:/, 'webcal:'));
    const res = await fetchFeed(address.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = String(res.body);
    expect(text).toMatch(/\r\n/);
    const parsed = parse(text);
    expect(parsed.name).toContain('My holidays');
    const [row] = await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, 'm1'));
    expect(parsed.events).toEqual([{
      uid: expect.stringContaining(`-holiday-${row.id}@`),
      summary: 'Matei - Vacation Day',
      start: day(3, 30),
      end: day(4, 3), // DTEND is exclusive
      allDay: true,
      url: null,
      lastModified: expect.stringMatching(new RegExp(`^${row.updatedAt.toISOString().slice(0, 19)}`)),
    }]);
  });

  it('answers 304 to If-None-Match with the same ETag, and a changed event keeps its UID', async () => {
    const address = await turnOn('mate', 'own');
    const first = await fetchFeed(address.url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchFeed(address.url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');

    const before = parse(String(first.body)).events[0];
    await hub.db.update(holidayEvents).set({ end: day(4, 6), updatedAt: new Date(Date.now() + 60_000) }).where(eq(holidayEvents.externalId, 'm1'));
    const changed = await fetchFeed(address.url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const after = parse(String(changed.body)).events;
    expect(after).toHaveLength(1);
    expect(after[0].uid).toBe(before.uid);
    expect(after[0].end).toBe(day(4, 7));
    expect(after[0].lastModified).not.toBe(before.lastModified);

    // an event gone from the holidays app: a new version, without it
    const [extra] = await hub.db.insert(holidayEvents).values({ externalId: 'm2', userId: ids.mate, title: 'Matei - Birthday', start: day(9, 9), end: day(9, 9), type: 'Birthday', teamIds: [] }).returning();
    const withExtra = await fetchFeed(address.url);
    expect(parse(String(withExtra.body)).events.map((e) => e.summary)).toEqual(['Matei - Vacation Day', 'Matei - Birthday']);
    await hub.db.delete(holidayEvents).where(eq(holidayEvents.id, extra.id));
    const gone = await fetchFeed(address.url, { 'if-none-match': withExtra.headers.get('etag')! });
    expect(gone.status).toBe(200);
    expect(parse(String(gone.body)).events.map((e) => e.summary)).toEqual(['Matei - Vacation Day']);

    // a title rewritten in place (an erasure replacing a name) leaves updated_at alone: still a new version
    await hub.db.update(holidayEvents).set({ title: 'Former employee - Vacation Day' }).where(eq(holidayEvents.externalId, 'm1'));
    const renamed = await fetchFeed(address.url, { 'if-none-match': gone.headers.get('etag')! });
    expect(renamed.status).toBe(200);
    expect(parse(String(renamed.body)).events.map((e) => e.summary)).toEqual(['Former employee - Vacation Day']);
    await hub.db.update(holidayEvents).set({ title: 'Matei - Vacation Day' }).where(eq(holidayEvents.externalId, 'm1'));
  });

  it('renewing gives a new address and the old one answers 404; turning off answers 404', async () => {
    const old = await turnOn('mate', 'own');
    const renewed = await turnOn('mate', 'own');
    expect(renewed.url).not.toBe(old.url);
    expect((await fetchFeed(old.url)).status).toBe(404);
    expect((await fetchFeed(renewed.url)).status).toBe(200);
    const off = await hub.request('DELETE', '/api/calendar-feeds/own', { token: tokens.mate });
    expect(off.status).toBe(200);
    expect(calendarFeedsResponseSchema.parse(camelize(off.body)).data.feeds.find((f) => f.feed === 'own')?.on).toBe(false);
    expect((await fetchFeed(renewed.url)).status).toBe(404);
  });

  it('another person turning on the same feed gets their own address and their own holidays only', async () => {
    const mine = await turnOn('mate', 'own');
    const theirs = await turnOn('outsider', 'own');
    expect(theirs.url).not.toBe(mine.url);
    expect(parse(String((await fetchFeed(theirs.url)).body)).events.map((e) => e.summary)).toEqual(['Oana - Medical']);
    // turning mine off leaves theirs working
    await hub.request('DELETE', '/api/calendar-feeds/own', { token: tokens.mate });
    expect((await fetchFeed(theirs.url)).status).toBe(200);
  });

  it('a made-up or malformed address answers 404 and needs no session', async () => {
    expect((await hub.get(`/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await hub.get('/api/calendar/nonsense')).status).toBe(404);
  });
});

describe('the holidays import and LAST-MODIFIED', () => {
  it('an unchanged re-import keeps the event\'s time; a changed one moves it, under the same row (UID)', async () => {
    const row: HolidayRow = { externalId: 'imp1', title: 'Ion - Vacation Day', start: day(7, 1), end: day(7, 3), type: 'De odihna', teamIds: [] };
    await hub.db.transaction((tx) => upsertHolidayEvents(tx, [row]));
    const read = async () => (await hub.db.select().from(holidayEvents).where(eq(holidayEvents.externalId, 'imp1')))[0];
    const first = await read();
    await hub.db.update(holidayEvents).set({ updatedAt: new Date('2020-01-01T00:00:00Z') }).where(eq(holidayEvents.id, first.id));
    await hub.db.transaction((tx) => upsertHolidayEvents(tx, [row]));
    expect((await read()).updatedAt.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    await hub.db.transaction((tx) => upsertHolidayEvents(tx, [{ ...row, end: day(7, 4) }]));
    const moved = await read();
    expect(moved.id).toBe(first.id);
    expect(moved.updatedAt.getTime()).toBeGreaterThan(new Date('2020-01-01T00:00:00Z').getTime());
  });
});

describe('Romanian public holidays feed', () => {
  it('holds the days off by law of last, this and next year, with UIDs by date', async () => {
    const address = await turnOn('mate', 'public');
    const parsed = parse(String((await fetchFeed(address.url)).body));
    const expected = feedWindow(new Date()).years.flatMap((y) => publicHolidays(y));
    expect(parsed.events.map((e) => [e.start, e.summary])).toEqual(expected.map((h) => [h.date, h.localName]));
    expect(parsed.events.every((e) => e.allDay && e.lastModified !== null)).toBe(true);
    expect(new Set(parsed.events.map((e) => e.uid)).size).toBe(parsed.events.length);
  });
});

describe('team feeds', () => {
  it('hold the leave of the team (national days are the public feed\'s), nothing of another team', async () => {
    const address = await turnOn('mate', `team-${alpha.id}`);
    const parsed = parse(String((await fetchFeed(address.url)).body));
    expect(parsed.name).toContain(alpha.name);
    expect(parsed.events.map((e) => e.summary)).toEqual(['Matei - Vacation Day']);
  });

  it('stop when the person leaves the team', async () => {
    const address = await turnOn('leaver', `team-${alpha.id}`);
    expect((await fetchFeed(address.url)).status).toBe(200);
    await hub.db.execute(`delete from team_members where user_id = ${ids.leaver} and team_id = ${alpha.id}`);
    expect((await fetchFeed(address.url)).status).toBe(404);
  });
});

describe('objectives\' deadlines feed', () => {
  it('holds my own deadlines; a lead\'s also their team\'s; each with its link; nothing else even when public', async () => {
    const base = { description: 'd', category: 'Growth', subcategory: 'Skills', priority: 'medium', teamId: alpha.id };
    const made = await hub.db.insert(objectives).values([
      { ...base, title: 'Mate ships', ownerId: ids.mate, authorId: ids.mate, deadline: day(6, 10) },
      { ...base, title: 'Outsider private', ownerId: ids.outsider, authorId: ids.outsider, deadline: day(6, 11), teamId: beta.id },
      { ...base, title: 'Lead own', ownerId: ids.lead, authorId: ids.lead, deadline: day(6, 12) },
      { ...base, title: 'Mate deleted', ownerId: ids.mate, authorId: ids.mate, deadline: day(6, 13), status: 'deleted' },
      { ...base, title: 'Outsider public', ownerId: ids.outsider, authorId: ids.outsider, deadline: day(6, 14), teamId: beta.id, isPublic: true },
    ]).returning({ id: objectives.id, title: objectives.title });
    const idOf = (title: string) => made.find((o) => o.title === title)!.id;
    const summaries = async (who: Who) => {
      const address = await turnOn(who, 'objectives');
      const res = await fetchFeed(address.url);
      expect(res.status).toBe(200);
      return parse(String(res.body)).events;
    };

    const mine = await summaries('mate');
    expect(mine.map((e) => [e.summary, e.start, e.end, e.allDay])).toEqual([['Deadline: Mate ships', day(6, 10), day(6, 11), true]]);
    expect(mine[0].url).toBe(`${hub.url}/objective/${idOf('Mate ships')}`);
    const mineAgain = await fetchFeed((await turnOn('mate', 'objectives')).url);
    expect((await fetchFeed((await turnOn('mate', 'objectives')).url, { 'if-none-match': mineAgain.headers.get('etag')! })).status).toBe(304);
    expect((await summaries('lead')).map((e) => e.summary)).toEqual(['Deadline: Mate ships (Matei Mate)', 'Deadline: Lead own']);
    expect((await summaries('outsider')).map((e) => e.summary)).toEqual(['Deadline: Outsider private', 'Deadline: Outsider public']);
  });
});

describe('an archived person', () => {
  it('has every feed stop answering', async () => {
    const own = await turnOn('outsider', 'own');
    const pub = await turnOn('outsider', 'public');
    await hub.db.update(users).set({ status: 'deleted' }).where(eq(users.id, ids.outsider));
    expect((await fetchFeed(own.url)).status).toBe(404);
    expect((await fetchFeed(pub.url)).status).toBe(404);
  });
});

describe('probing for addresses', () => {
  it('is answered 429 after too many unknown addresses from one client, with the rest of the window in Retry-After', async () => {
    let last: Awaited<ReturnType<typeof hub.get>> | undefined;
    for (let i = 0; i <= MAX_FEED_MISSES_PER_ADDRESS; i++) last = await hub.get(`/api/calendar/${String(i).padStart(43, 'x')}.ics`);
    expect(last?.status).toBe(429);
    const seconds = Number(last?.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });
});

describe('the request log', () => {
  it('never holds a feed\'s secret, whether the feed answered, was unchanged or refused', async () => {
    const lines: string[] = [];
    const logged = await startTestHub({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const person = await createUser(logged.db, { name: 'Liviu Logged' });
      const { token } = await logged.login(person.username, TEST_PASSWORD);
      const res = await logged.request('PUT', '/api/calendar-feeds/public', { token });
      const { url } = calendarFeedAddressResponseSchema.parse(camelize(res.body)).data;
      const path = new URL(url).pathname;
      const secret = path.slice('/api/calendar/'.length, -'.ics'.length);
      const first = await logged.get(path);
      expect((await logged.get(path, { headers: { 'if-none-match': first.headers.get('etag')! } })).status).toBe(304);
      await logged.request('PUT', '/api/calendar-feeds/public', { token });
      expect((await logged.get(path)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const log = lines.join('');
      expect(log).toContain('/api/calendar/:file');
      expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
