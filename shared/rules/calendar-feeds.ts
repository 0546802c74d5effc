// Calendar feeds (docs/api.md#calendar-feeds): which feeds a person may turn on, how a feed is
// named in a URL, and the words the Settings card and the feeds themselves use. Pure: the hub and
// the screen share it.

export type CalendarFeedKind = 'own' | 'public' | 'team' | 'objectives';

/** A feed's key in paths and in the database: 'own', 'public', 'objectives' or 'team-<id>'. */
export const CALENDAR_FEED_KEY = /^(own|public|objectives|team-[1-9][0-9]{0,9})$/;

export function teamFeedKey(teamId: number): string {
  return `team-${teamId}`;
}

export function parseFeedKey(key: string): { kind: CalendarFeedKind; teamId: number | null } | null {
  if (!CALENDAR_FEED_KEY.test(key)) return null;
  if (key.startsWith('team-')) return { kind: 'team', teamId: Number(key.slice(5)) };
  return { kind: key as Exclude<CalendarFeedKind, 'team'>, teamId: null };
}

/** The path a calendar app fetches; the secret is the whole of the credential. */
export const CALENDAR_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const CALENDAR_DIR = '/api/calendar/';
export const calendarPath = (token: string) => `${CALENDAR_DIR}${token}.ics`;
/** Whether a path is a feed's address (calendarPath's shape), whatever the secret. */
export const isCalendarPath = (path: string) => path.startsWith(CALENDAR_DIR) && CALENDAR_FILE.test(path.slice(CALENDAR_DIR.length));

/** The same address for apps that subscribe when a webcal:// link is opened. */
export function webcalUrl(httpsUrl: string): string {
  return httpsUrl.replace(/^https?:\/\//, 'webcal://');
}

export const CALENDAR_FEED_TEXT = {
  heading: 'Calendar feeds',
  intro: 'Subscribe to these in Outlook, Google Calendar, Thunderbird or Apple Calendar. Each address is private: anyone who has it can read the feed.',
  own: 'My holidays',
  public: 'Romanian public holidays',
  team: (name: string) => `${name}: holidays`,
  objectives: 'Objectives’ deadlines',
  objectivesHint: 'Your objectives, and for team leads their teams’ objectives.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the address and copy it by hand.',
  open: 'Open in calendar app',
  renew: 'Renew address',
  renewed: 'The old address no longer works.',
  shownOnce: 'Copy the address now: the hub keeps only a fingerprint of it and cannot show it again. Renew to get a new one.',
  onWithoutAddress: 'On. Renew to get a new address (the current one stops working).',
  loadFailed: 'Could not load your calendar feeds.',
  changeFailed: 'Could not change this feed. Try again.',
  calendarName: (feedName: string) => `Bitstone Hub: ${feedName}`,
  deadline: (title: string) => `Deadline: ${title}`,
  teamDeadline: (title: string, owner: string) => `Deadline: ${title} (${owner})`,
  status: (status: string) => `Status: ${status}`,
} as const;

/** How long calendar apps are asked to wait between polls; they may poll sooner, ETag makes that cheap. */
export const CALENDAR_REFRESH_SECONDS = 15 * 60;
