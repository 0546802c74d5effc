import { z } from 'zod';
import { CALENDAR_FEED_KEY } from '../rules/calendar-feeds';
import { envelope } from './common';

// Calendar feeds (docs/api.md#calendar-feeds): GET /calendar-feeds (the caller's feeds, on or off),
// PUT /calendar-feeds/:feed (turn on, or renew: a new address, the old one answers 404), DELETE
// /calendar-feeds/:feed (turn off). The feed itself is GET /calendar/<secret>.ics, text/calendar.

export const calendarFeedKeySchema = z.string().regex(CALENDAR_FEED_KEY, { error: 'Unknown calendar feed.' });

export const calendarFeedSchema = z.object({
  feed: calendarFeedKeySchema,
  kind: z.enum(['own', 'public', 'team', 'objectives']),
  teamId: z.number().int().nullable(),
  name: z.string(),
  on: z.boolean(),
  /** when the current address was made (ISO), null when off */
  since: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedsResponseSchema = envelope(z.object({ feeds: z.array(calendarFeedSchema) }));

export const calendarFeedParamsSchema = z.object({ feed: calendarFeedKeySchema });

/** The address exists only in this answer: the hub keeps a hash of its secret. */
export const calendarFeedAddressSchema = z.object({ feed: calendarFeedSchema, url: z.string(), webcalUrl: z.string() });
export type CalendarFeedAddress = z.infer<typeof calendarFeedAddressSchema>;
export const calendarFeedAddressResponseSchema = envelope(calendarFeedAddressSchema);

export const calendarFileParamsSchema = z.object({ file: z.string() });
