import { createHash } from 'node:crypto';
import { and, arrayContains, asc, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import ical, { ICalEventTransparency, type ICalEventData } from 'ical-generator';
import { CALENDAR_FEED_TEXT, CALENDAR_REFRESH_SECONDS } from '../../../shared/rules/calendar-feeds';
import { HOLIDAY_TYPES } from '../../../shared/rules/constants';
import { isHolidayType } from '../../../shared/rules/holidays';
import { webLinkFor } from '../../../shared/rules/app-links';
import type { SessionUser } from '../../../shared/api/users';
import type { DbOrTx } from '../../db/client';
import { holidayEvents, objectives, users } from '../../db/schema';
import type { ResolvedFeed } from './calendar-feeds';
import { ofTeamsOrTheirMembers, visibleWhere } from '../objectives';
import { publicHolidays } from './public-holidays';
import { loadSessionUser } from '../auth';

// A calendar feed as RFC 5545 text (ical-generator folds, escapes and ends lines with CRLF).
// Everything in it is derived from stored data, DTSTAMP included, so the same data gives the same
// bytes and the ETag (their hash) lets a polling calendar app get a bodiless 304.

const UID_DOMAIN = 'bitstone-hub';

/** Last year to next year: what a calendar app shows around today, a bounded answer. */
export function feedWindow(now: Date): { from: string; to: string; years: number[] } {
  const year = now.getUTCFullYear();
  return { from: `${year - 1}-01-01`, to: `${year + 1}-12-31`, years: [year - 1, year, year + 1] };
}

/** The day after a date (DTEND of an all-day event is exclusive; the hub's `end` is inclusive). */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function typeLabel(type: string): string {
  return isHolidayType(type) ? HOLIDAY_TYPES[type] : type;
}

function holidayWhere(feed: ResolvedFeed, from: string, to: string) {
  const whose = feed.kind === 'own'
    ? eq(holidayEvents.userId, feed.userId)
    // a team's people's leave; national days are the public-holidays feed's, not repeated per team
    : and(arrayContains(holidayEvents.teamIds, [feed.teamId ?? 0]), ne(holidayEvents.type, 'national_holiday'));
  return and(whose, lte(holidayEvents.start, to), gte(holidayEvents.end, from));
}

/**
 * What a holidays feed's bytes depend on, read as one aggregate instead of the events: a hash of
 * every published field of every event in the window (whoever changed them: an import, an erasure
 * rewriting a name), so a calendar app polling an unchanged feed costs this query and no writing.
 */
async function holidayFingerprint(db: DbOrTx, feed: ResolvedFeed, from: string, to: string): Promise<string> {
  const [row] = await db
    .select({
      digest: sql<string>`coalesce(md5(string_agg(concat_ws('|', ${holidayEvents.id}, ${holidayEvents.title}, ${holidayEvents.start}, ${holidayEvents.end}, ${holidayEvents.type}, ${holidayEvents.updatedAt}), ',' order by ${holidayEvents.id})), '')`,
    })
    .from(holidayEvents)
    .where(holidayWhere(feed, from, to));
  return row.digest;
}

async function holidayFeedEvents(db: DbOrTx, feed: ResolvedFeed, from: string, to: string): Promise<ICalEventData[]> {
  const rows = await db
    .select({ id: holidayEvents.id, title: holidayEvents.title, start: holidayEvents.start, end: holidayEvents.end, type: holidayEvents.type, updatedAt: holidayEvents.updatedAt })
    .from(holidayEvents)
    .where(holidayWhere(feed, from, to))
    .orderBy(asc(holidayEvents.start), asc(holidayEvents.id));
  return rows.map((row) => ({
    // keyed by the hub's row, which an import updates in place: a moved holiday moves, not doubles
    id: `${feed.feed}-holiday-${row.id}@${UID_DOMAIN}`,
    allDay: true,
    start: row.start,
    end: dayAfter(row.end),
    summary: row.title,
    description: typeLabel(row.type),
    categories: [{ name: typeLabel(row.type) }],
    stamp: row.updatedAt,
    lastModified: row.updatedAt,
    transparency: ICalEventTransparency.TRANSPARENT,
  }));
}

function publicFeedEvents(years: number[]): ICalEventData[] {
  return years.flatMap((year) => {
    // computed from the year alone (public-holidays.ts): it last changed when the year's list was known
    const known = new Date(Date.UTC(year - 1, 0, 1));
    return publicHolidays(year).map((h) => ({
      // two holidays can share a date (Children's Day and Whit Monday in some years): the name tells them apart
      id: `public-${h.date}-${createHash('sha256').update(h.localName, 'utf8').digest('hex').slice(0, 12)}@${UID_DOMAIN}`,
      allDay: true,
      start: h.date,
      end: dayAfter(h.date),
      summary: h.localName,
      stamp: known,
      lastModified: known,
      transparency: ICalEventTransparency.TRANSPARENT,
    }));
  });
}

/**
 * One's own objectives, and a team lead's their led teams' (docs/api.md 'Calendar feeds'), each cut by the same rule the
 * objectives screens use (objectives-scope.ts visibleWhere), so the feed shows nothing the hub would not.
 */
async function objectiveFeedEvents(db: DbOrTx, actor: SessionUser, origin: string, from: string, to: string): Promise<ICalEventData[]> {
  const mine = eq(objectives.ownerId, actor.id);
  const whose = actor.isTeamLead && actor.leadTeamIds.length > 0 ? or(mine, ofTeamsOrTheirMembers(actor.leadTeamIds)) : mine;
  const rows = await db
    .select({ id: objectives.id, title: objectives.title, status: objectives.status, deadline: objectives.deadline, ownerId: objectives.ownerId, ownerName: users.name, changed: objectives.lastModificationDate })
    .from(objectives)
    .innerJoin(users, eq(users.id, objectives.ownerId))
    .where(and(visibleWhere(actor), whose, sql`${objectives.deadline} between ${from} and ${to}`))
    .orderBy(asc(objectives.deadline), asc(objectives.id));
  return rows.map((row) => {
    const link = webLinkFor(origin, `/objective-tracking/objective-details?id=${row.id}`);
    return {
      id: `objectives-objective-${row.id}@${UID_DOMAIN}`,
      allDay: true,
      start: row.deadline,
      end: dayAfter(row.deadline),
      summary: row.ownerId === actor.id ? CALENDAR_FEED_TEXT.deadline(row.title) : CALENDAR_FEED_TEXT.teamDeadline(row.title, row.ownerName),
      description: [CALENDAR_FEED_TEXT.status(row.status), link].filter(Boolean).join('\n'),
      url: link,
      stamp: row.changed,
      lastModified: row.changed,
      transparency: ICalEventTransparency.TRANSPARENT,
    };
  });
}

export interface FeedFile {
  /** null when the caller's If-None-Match already holds this version: answer 304 */
  body: string | null;
  etag: string;
}

/** Bump when the way a feed is written changes, so apps holding an old ETag get the new bytes. */
const FEED_FORMAT = 1;
const tagOf = (text: string) => `"${createHash('sha256').update(text, 'utf8').digest('base64url')}"`;

function written(feed: ResolvedFeed, events: ICalEventData[]): string {
  return ical({
    name: CALENDAR_FEED_TEXT.calendarName(feed.name),
    prodId: { company: 'Bitstone', product: 'Hub', language: 'EN' },
    ttl: CALENDAR_REFRESH_SECONDS,
    events,
  }).toString();
}

/**
 * A feed's version and, unless `ifNoneMatch` already names it, its text. Holidays and public
 * holidays know their version before reading any event (a fingerprint, the years); the
 * objectives feed, whose visibility rule is the objectives screens', is tagged by its bytes.
 * `origin`: the hub's address as the calendar app reached it, for the objectives' links.
 * Null when the person can no longer act.
 */
export async function feedFile(db: DbOrTx, feed: ResolvedFeed, origin: string, ifNoneMatch?: string, now = new Date()): Promise<FeedFile | null> {
  const { from, to, years } = feedWindow(now);
  if (feed.kind === 'objectives') {
    const loaded = await loadSessionUser(db, feed.userId);
    if (!loaded) return null;
    const body = written(feed, await objectiveFeedEvents(db, loaded.user, origin, from, to));
    const etag = tagOf(body);
    return { body: matchesEtag(ifNoneMatch, etag) ? null : body, etag };
  }
  const version = feed.kind === 'public' ? years.join(',') : await holidayFingerprint(db, feed, from, to);
  const etag = tagOf(`${FEED_FORMAT}|${feed.feed}|${feed.name}|${from}|${to}|${version}`);
  if (matchesEtag(ifNoneMatch, etag)) return { body: null, etag };
  const events = feed.kind === 'public' ? publicFeedEvents(years) : await holidayFeedEvents(db, feed, from, to);
  return { body: written(feed, events), etag };
}

/** If-None-Match: a list of tags or '*'; weak tags match too (RFC 9110 §13.1.2 weak comparison). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(etag);
}
