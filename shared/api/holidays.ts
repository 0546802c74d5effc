import { z } from 'zod';
import { PUBLIC_HOLIDAYS_COUNTRY } from '../rules/constants';
import { daysBetween } from '../rules/dates';
import { MAX_HOLIDAY_RANGE_DAYS } from '../rules/holidays';
import { envelope, isoDateSchema } from './common';

// people-and-shell §2/§3/§7 and design §4: the holidays calendar's calls.

/** Kept as a name for this feature's schemas; the rule is common's isoDateSchema. */
export const calendarDaySchema = isoDateSchema;
export { isCalendarDay } from '../rules/dates';

/** GET /holidays?from&to: a bounded range, never the whole history. */
export const holidaysQuerySchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .superRefine((range, ctx) => {
    const days = daysBetween(range.from, range.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be on or after from.' });
    else if (days > MAX_HOLIDAY_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `The range may span at most ${MAX_HOLIDAY_RANGE_DAYS} days.` });
  });
export type HolidaysQuery = z.infer<typeof holidaysQuerySchema>;

/** spec §3 Holiday event: title, start, end (inclusive last day off), type, team (team ids). */
export const holidayEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  type: z.string(),
  team: z.array(z.number().int()),
});
export type HolidayEvent = z.infer<typeof holidayEventSchema>;

/** spec §7: all holidays answer as data.allHolidays. */
export const allHolidaysResponseSchema = envelope(z.object({ allHolidays: z.array(holidayEventSchema) }));

/** spec §3 Days-left record: email, daysLeft (null when the holidays app sent no number). */
export const daysLeftSchema = z.object({ email: z.string(), daysLeft: z.number().int().nullable() });
export type DaysLeft = z.infer<typeof daysLeftSchema>;

/** GET /holidays/days-left: mine (data.holidays, null when the holidays app has no record) and the app's address. */
export const myDaysLeftResponseSchema = envelope(
  z.object({ holidays: daysLeftSchema.nullable(), holidaysAppUrl: z.string().nullable() }),
);
export type MyDaysLeft = z.infer<typeof myDaysLeftResponseSchema>['data'];

export const memberDaysLeftSchema = daysLeftSchema.extend({ userId: z.number().int().nullable(), name: z.string().nullable() });
export type MemberDaysLeft = z.infer<typeof memberDaysLeftSchema>;

/** GET /holidays/days-left/all: only the records this viewer may see (spec §6 view-bitstone rule). */
export const allDaysLeftResponseSchema = envelope(z.object({ holidays: z.array(memberDaysLeftSchema) }));

/** GET /public-holidays/:year/RO (design §3: computed offline). */
export const publicHolidaysParamsSchema = z.object({
  year: z.coerce.number({ message: 'Must be a year.' }).int('Must be a year.').min(1970, 'Must be a year from 1970 to 2199.').max(2199, 'Must be a year from 1970 to 2199.'),
  country: z.literal(PUBLIC_HOLIDAYS_COUNTRY, { message: `Only ${PUBLIC_HOLIDAYS_COUNTRY} is served.` }),
});

/** spec §7: a list with localName and date (YYYY-MM-DD). */
export const publicHolidaySchema = z.object({ localName: z.string(), date: z.string() });
export type PublicHoliday = z.infer<typeof publicHolidaySchema>;
export const publicHolidaysResponseSchema = envelope(z.array(publicHolidaySchema));
