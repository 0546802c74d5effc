import { z } from 'zod';
import { envelope, isoDateSchema } from './common';
import { MIN_MONTH_OFFSET } from '../rules/timetracking';

// people-and-shell §7: GET /timetracking/reports?months={offset} answers data.timetracking.

const OFFSET_MESSAGE = `Months must be a whole number from ${MIN_MONTH_OFFSET} to 0 (0 is the current month).`;

/** offset 0 is the current month, negative is past; a positive offset or a non-integer is a 400. */
export const reportsQuerySchema = z.object({
  months: z
    .string()
    .regex(/^-?\d{1,4}$/, OFFSET_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(MIN_MONTH_OFFSET, OFFSET_MESSAGE).max(0, OFFSET_MESSAGE))
    .default(0),
});
export type ReportsQuery = z.input<typeof reportsQuerySchema>;

export const timeTaskSchema = z.object({
  /** the time-tracking system's task id (imports upsert by it) */
  id: z.string(),
  date: isoDateSchema,
  summary: z.string(),
  hours: z.number(),
});
export type TimeTask = z.infer<typeof timeTaskSchema>;

export const timeReportSchema = z.object({ hours: z.number(), tasks: z.array(timeTaskSchema) });
export type TimeReport = z.infer<typeof timeReportSchema>;

export const reportsResponseSchema = envelope(
  z.object({
    /** null: the user has no time-tracking account (spec §2 'not been added' state) */
    timetracking: timeReportSchema.nullable(),
    /** the month the hub resolved the offset to, YYYY-MM (its clock decides what "current" is) */
    month: z.string(),
    /** who to contact when not in the database: the hub setting, else the first administrator */
    contact: z.string(),
  }),
);
export type ReportsAnswer = z.infer<typeof reportsResponseSchema>['data'];
