import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { CalendarFeed } from '../../../shared/api/calendar-feeds';
import { CALENDAR_FEED_TEXT, parseFeedKey, teamFeedKey, type CalendarFeedKind } from '../../../shared/rules/calendar-feeds';
import type { DbOrTx } from '../../db/client';
import { calendarFeeds } from './calendar-feeds-schema';
import { teamMembers, teams, users } from '../../db/schema';
import { hashToken, newToken } from '../auth';

// Calendar feeds (docs/api.md 'Calendar feeds'): the feeds a person may turn on, and their private addresses. The
// secret is made like a session token and kept only as its hash (sessions.ts), so the address is
// shown once, when made; renewing replaces the hash, turning off deletes the row.

interface Offered {
  feed: string;
  kind: CalendarFeedKind;
  teamId: number | null;
  name: string;
}

async function memberTeams(db: DbOrTx, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teams.status, 'active')))
    .orderBy(asc(teams.name));
}

/** What the person may subscribe to today: a team's feed only while they belong to the team. */
async function offeredFeeds(db: DbOrTx, userId: number): Promise<Offered[]> {
  const own: Offered[] = [
    { feed: 'own', kind: 'own', teamId: null, name: CALENDAR_FEED_TEXT.own },
    { feed: 'public', kind: 'public', teamId: null, name: CALENDAR_FEED_TEXT.public },
    { feed: 'objectives', kind: 'objectives', teamId: null, name: CALENDAR_FEED_TEXT.objectives },
  ];
  const team = (await memberTeams(db, userId)).map((t): Offered => ({ feed: teamFeedKey(t.id), kind: 'team', teamId: t.id, name: CALENDAR_FEED_TEXT.team(t.name) }));
  return [...own, ...team];
}

export async function listFeeds(db: DbOrTx, userId: number): Promise<CalendarFeed[]> {
  const [offered, rows] = await Promise.all([
    offeredFeeds(db, userId),
    db.select({ feed: calendarFeeds.feed, createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
  ]);
  const since = new Map(rows.map((r) => [r.feed, r.createdAt.toISOString()]));
  return offered.map((o) => ({ ...o, on: since.has(o.feed), since: since.get(o.feed) ?? null }));
}

/** Turns a feed on, or renews it: a new secret whose hash replaces the old one. Null when not offered. */
export async function issueFeedAddress(db: DbOrTx, userId: number, feed: string, now = new Date()): Promise<{ feed: CalendarFeed; token: string } | null> {
  const offered = (await offeredFeeds(db, userId)).find((o) => o.feed === feed);
  if (!offered) return null;
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, feed, tokenHash: hashToken(token), createdAt: now })
    .onConflictDoUpdate({ target: [calendarFeeds.userId, calendarFeeds.feed], set: { tokenHash: hashToken(token), createdAt: now } });
  return { feed: { ...offered, on: true, since: now.toISOString() }, token };
}

/** Turns a feed off; true when it was on. */
export async function turnFeedOff(db: DbOrTx, userId: number, feed: string): Promise<boolean> {
  const gone = await db.delete(calendarFeeds).where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.feed, feed))).returning({ id: calendarFeeds.id });
  return gone.length > 0;
}

export interface ResolvedFeed {
  userId: number;
  feed: string;
  kind: CalendarFeedKind;
  teamId: number | null;
  name: string;
}

/**
 * The feed behind a secret, or null (the caller answers 404 alike for every reason): unknown or
 * replaced secret, an archived person, or a team feed of a team the person has left.
 */
export async function resolveFeedToken(db: DbOrTx, token: string): Promise<ResolvedFeed | null> {
  const hash = hashToken(token);
  const [row] = await db
    .select({ userId: calendarFeeds.userId, feed: calendarFeeds.feed, tokenHash: calendarFeeds.tokenHash, status: users.status })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hash));
  // the index found the row by hash; the comparison in constant time keeps that the only path
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
  if (row.status !== 'active') return null;
  const key = parseFeedKey(row.feed);
  if (!key) return null;
  const offered = (await offeredFeeds(db, row.userId)).find((o) => o.feed === row.feed);
  if (!offered) return null;
  return { userId: row.userId, feed: row.feed, kind: key.kind, teamId: key.teamId, name: offered.name };
}
