import { eq } from 'drizzle-orm';
import { monthOfOffset } from '../../../shared/rules/timetracking';
import { isoDay } from '../../../shared/rules/dates';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { upsertDaysLeft, upsertHolidayEvents, upsertTimeTasks } from './apply';
import { CsvError } from './csv';
import { daysLeftRowSchema, holidayRowSchema, RowErrors, timeTaskRowSchema, validateRecords, type SourceRecord } from './rows';
import { recordedRun, type RunOutcome } from './runs';
import { importSourcesSchema, sourceFor, type DateWindow, type ImportSources, type RecordSource } from './sources';

// The import jobs of design §3: the same steps for a scheduled source or an admin's upload.

export const IMPORT_COLUMNS = {
  holidays: ['external_id', 'title', 'start', 'end', 'type', 'team_ids'],
  daysLeft: ['email', 'days_left'],
  timetracking: ['id', 'user', 'date', 'summary', 'hours'],
} as const;

/** A CSV syntax error reads like a bad row: its line and the reason. */
async function readRecords(source: RecordSource, window?: DateWindow): Promise<SourceRecord[]> {
  try {
    return await source.read(window);
  } catch (error) {
    if (error instanceof CsvError) throw new RowErrors([`Line ${error.line}: ${error.message}`]);
    throw error;
  }
}

export function importHolidayEvents(db: Db, source: RecordSource, label = 'holidays'): Promise<RunOutcome> {
  return recordedRun(db, label, async () => validateRecords(await readRecords(source), holidayRowSchema), upsertHolidayEvents);
}

export function importDaysLeft(db: Db, source: RecordSource, label = 'days-left'): Promise<RunOutcome> {
  return recordedRun(db, label, async () => validateRecords(await readRecords(source), daysLeftRowSchema), upsertDaysLeft);
}

export type TimetrackingScope = 'today' | 'month';

/** spec §9: today's hours, or the whole current month (hub clock). */
export function windowOf(scope: TimetrackingScope, now: Date = new Date()): DateWindow {
  if (scope === 'today') return { from: isoDay(now), to: isoDay(now) };
  const month = monthOfOffset(0, now);
  return { from: month.from, to: month.to };
}

/** Tasks of the window only: a drop folder holds older files too, and they are not this run's business. */
export function importTimeTasks(db: Db, source: RecordSource, scope: TimetrackingScope, now: Date = new Date()): Promise<RunOutcome> {
  const window = windowOf(scope, now);
  return recordedRun(
    db,
    `timetracking:${scope}`,
    async () => validateRecords(await readRecords(source, window), timeTaskRowSchema).filter((t) => t.date >= window.from && t.date <= window.to),
    upsertTimeTasks,
  );
}

/** settings 'importSources': which sources the hub reads on its own (none configured: no job runs). */
export async function configuredSources(db: Db): Promise<ImportSources> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'importSources'));
  if (!row) return {};
  const parsed = importSourcesSchema.safeParse(row.value);
  if (!parsed.success) throw new Error(`The importSources setting is invalid: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

export type JobName = 'timetracking:today' | 'timetracking:month' | 'holidays';

/** One scheduled job: null when its source is not configured. */
export async function runJob(db: Db, job: JobName, now: Date = new Date()): Promise<RunOutcome[] | null> {
  const sources = await configuredSources(db);
  if (job === 'holidays') {
    const runs: RunOutcome[] = [];
    if (sources.holidays) runs.push(await importHolidayEvents(db, sourceFor(sources.holidays, IMPORT_COLUMNS.holidays)));
    if (sources.daysLeft) runs.push(await importDaysLeft(db, sourceFor(sources.daysLeft, IMPORT_COLUMNS.daysLeft)));
    return runs.length ? runs : null;
  }
  if (!sources.timetracking) return null;
  const scope = job === 'timetracking:today' ? 'today' : 'month';
  return [await importTimeTasks(db, sourceFor(sources.timetracking, IMPORT_COLUMNS.timetracking), scope, now)];
}
