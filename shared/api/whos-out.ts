import { z } from 'zod';
import { envelope, isoDateSchema } from './common';

// Who's out (docs/api.md#whos-out): the presence every people screen carries, the dashboard card,
// and the objective dialog's question about an assignee's day.

/**
 * Out today (until the last day of the absence) or soon (from its first day). `kind` is the
 * kind of leave, sent only to a viewer who may see it (spec §6, as vacation days).
 */
export const presenceSchema = z.object({
  outUntil: isoDateSchema.nullable(),
  outFrom: isoDateSchema.nullable(),
  kind: z.string().optional(),
});
export type PresenceAnswer = z.infer<typeof presenceSchema>;

/**
 * On a person: null when they are in today and on the next working days. Optional because an
 * addition does not raise the hub's API level (app-compat.ts): an app must read an older hub too.
 */
export const presenceField = presenceSchema.nullable().optional();

/** Directory filter: out today, or in today. */
export const PRESENCE_FILTERS = ['out', 'in'] as const;
export type PresenceFilter = (typeof PRESENCE_FILTERS)[number];

export const whosOutPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imagePath: z.string().nullable(),
  kind: z.string().optional(),
});
export type WhosOutPerson = z.infer<typeof whosOutPersonSchema>;

export const whosOutDaySchema = z.object({
  date: isoDateSchema,
  /** the public holiday's name when the day is one (everyone is out) */
  publicHoliday: z.string().nullable(),
  people: z.array(whosOutPersonSchema),
});
export type WhosOutDay = z.infer<typeof whosOutDaySchema>;

/** GET /holidays/whos-out: the viewer's teams, today and the next five working days. */
export const whosOutResponseSchema = envelope(z.object({ today: isoDateSchema, hasTeams: z.boolean(), days: z.array(whosOutDaySchema) }));
export type WhosOut = z.infer<typeof whosOutResponseSchema>['data'];

/** GET /holidays/out-on?user_id&date: whether a person is off that day (the objective dialog's warning). */
export const outOnQuerySchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  date: isoDateSchema,
});
export const outOnResponseSchema = envelope(z.object({ out: z.boolean() }));
