import { z } from 'zod';
import { isCalendarDay } from '../../../shared/api/holidays';
import { daysBetween } from '../../../shared/rules/dates';
import { isHolidayType } from '../../../shared/rules/holidays';
import { TEXT_MESSAGES, textProblem } from '../../../shared/rules/text-input';
import { ImportFailure } from './runs';

// One validation per record kind, shared by every source adapter (CSV upload, CSV folder, HTTP
// JSON): a record is a flat object of text or numbers, each with where it came from.

export interface SourceRecord {
  /** 'Line 3', 'hours-2026-11.csv line 3' or 'Item 3': the start of each problem's message */
  where: string;
  cells: Record<string, unknown>;
}

export class RowErrors extends ImportFailure {
  constructor(readonly problems: string[]) {
    // One problem per line in the run's message (the admin view keeps the line breaks).
    super(problems.slice(0, 5).join('\n') + (problems.length > 5 ? `\n(and ${problems.length - 5} more)` : ''));
    this.name = 'RowErrors';
  }
}

const text = (name: string, max = 300) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ message: `${name} is required.` }).trim().min(1, `${name} is required.`).max(max, `${name} is too long.`));
const day = (name: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ message: `${name} is required.` }).refine(isCalendarDay, `${name} must be a date (YYYY-MM-DD).`));
/** Text cells hold numbers as text; JSON sources send numbers. */
const number = <T extends z.ZodType>(name: string, refined: (n: z.ZodNumber) => T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v), refined(z.number({ message: `${name} must be a number.` })));

export const holidayRowSchema = z
  .object({
    externalId: text('external_id', 200),
    title: text('title'),
    start: day('start'),
    end: day('end'),
    type: text('type').refine(isHolidayType, 'type is not one of the six holiday types.'),
    /** team ids separated by ';' (spec §3 team list), may be empty */
    teamIds: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : String(v).split(';').filter((s) => s.trim() !== '')),
      z.array(z.coerce.number({ message: 'team_ids must be team ids separated by semicolons.' }).int('team_ids must be team ids separated by semicolons.').positive('team_ids must be team ids separated by semicolons.')),
    ),
    email: z.preprocess((v) => (v === '' ? undefined : v), z.string().email('email is not an email address.').optional()),
  })
  .refine((row) => !isCalendarDay(row.start) || !isCalendarDay(row.end) || daysBetween(row.start, row.end) >= 0, { message: 'end is before start.' });
export type HolidayRow = z.infer<typeof holidayRowSchema>;

export const daysLeftRowSchema = z.object({
  email: z.string({ message: 'email is required.' }).trim().email('email is not an email address.'),
  daysLeft: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    number('days_left', (n) => n.int('days_left must be a whole number.').min(-366, 'days_left must be from -366 to 366.').max(366, 'days_left must be from -366 to 366.')).nullable(),
  ),
});
export type DaysLeftRow = z.infer<typeof daysLeftRowSchema>;

export const timeTaskRowSchema = z.object({
  id: text('id', 200),
  /** the person's user name in the time-tracking system (timetracking_accounts.external_user) */
  user: text('user', 200),
  date: day('date'),
  summary: text('summary', 1000),
  hours: number('hours', (n) => n.min(0, 'hours must be from 0 to 24.').max(24, 'hours must be from 0 to 24.')),
});
export type TimeTaskRow = z.infer<typeof timeTaskRowSchema>;

/**
 * A scheduled source's text has not passed the hub's edge, and PostgreSQL refuses a
 * NUL (a 500 and a run stuck 'running' before). Each bad cell is named by its column, never quoted.
 */
function unstorableCells(cells: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [column, value] of Object.entries(cells)) {
    if (textProblem(column)) {
      problems.push(TEXT_MESSAGES.fieldName);
      continue;
    }
    const problem = typeof value === 'string' ? textProblem(value) : null;
    if (problem) problems.push(`${column} ${problem.message.charAt(0).toLowerCase()}${problem.message.slice(1)}`);
  }
  return problems;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every record checked; any problem anywhere throws RowErrors naming each line (nothing half-applies). */
export function validateRecords<T>(records: readonly SourceRecord[], schema: z.ZodType<T>): T[] {
  const rows: T[] = [];
  const problems: string[] = [];
  for (const record of records) {
    const unstorable = unstorableCells(record.cells);
    if (unstorable.length) {
      problems.push(`${record.where}: ${unstorable.join(' ')}`);
      continue;
    }
    const cells = Object.fromEntries(Object.entries(record.cells).map(([k, v]) => [camel(k), v]));
    const parsed = schema.safeParse(cells);
    if (parsed.success) rows.push(parsed.data);
    else problems.push(`${record.where}: ${[...new Set(parsed.error.issues.map((i) => i.message))].join(' ')}`);
  }
  if (problems.length) throw new RowErrors(problems);
  return rows;
}
