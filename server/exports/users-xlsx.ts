import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PRIMARY_COLOR } from '../../shared/rules/constants';
import { EXPORT_COLUMN_WIDTH, EXPORT_SHEETS } from '../../shared/rules/people-exports';
import { ColumnWidths, type WidthLimits } from './column-widths';
import { RowSpool, SPOOL_MEMORY_LIMIT } from './row-spool';
import type { ExportUser } from './users-data';

// spec §9 spreadsheets: sheets Main Information, Relevant Information, Projects Experience,
// column width 20 (the narrowest: issue 21 widens a column to its longest value, up to
// USER_COLUMN_WIDTHS.max); a styled header row and real dates. Written with exceljs' streaming
// writer from pages of members read once, so memory stays flat however many there are (design
// §3, issue 10).

export const MAIN_HEADERS = ['Name', 'Email', 'Phone', 'Job', 'Team', 'Direct Manager', 'Join Date', 'Status'];
export const RELEVANT_HEADERS = ['Name', 'Company', 'Position', 'Start Date', 'End Date', 'Description'];
export const PROJECT_HEADERS = ['Name', 'Title', 'Main Goal', 'Responsibilities', 'Technical Skills'];
export const USER_COLUMN_WIDTHS: WidthLimits = { min: EXPORT_COLUMN_WIDTH, max: 60 };

const utcDate = (iso: string | null) => (iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`) : null);
/** 'MM/YYYY' → first day of that month; 'Present' stays a word. */
const monthDate = (value: string) => {
  const m = /^(\d{2})\/(\d{4})$/.exec(value);
  return m ? new Date(Date.UTC(Number(m[2]), Number(m[1]) - 1, 1)) : value;
};

/** A sheet of the workbook: its columns and the rows one member gives it. */
interface UserSheet {
  name: string;
  headers: string[];
  /** number formats by column index */
  formats?: Record<number, string>;
  rows: (p: ExportUser) => unknown[][];
}

export const USER_SHEETS: readonly UserSheet[] = [
  {
    name: EXPORT_SHEETS.main, headers: MAIN_HEADERS, formats: { 6: 'dd/mm/yyyy' },
    rows: (p) => [[p.name, p.email ?? '', p.phone ?? '', p.job ?? '', p.teams, p.manager ?? '', utcDate(p.joinDate), p.status]],
  },
  {
    name: EXPORT_SHEETS.relevant, headers: RELEVANT_HEADERS, formats: { 3: 'mm/yyyy', 4: 'mm/yyyy' },
    rows: (p) => p.relevant.map((e) => [p.name, e.company, e.position, monthDate(e.startDate), monthDate(e.endDate), e.description ?? '']),
  },
  {
    name: EXPORT_SHEETS.projects, headers: PROJECT_HEADERS,
    rows: (p) => p.projects.map((pr) => [p.name, pr.title, pr.mainGoal ?? '', pr.responsabilities ?? '', pr.technicalSkills ?? '']),
  },
];

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, { name, headers, formats = {} }: UserSheet, widths: number[]) {
  const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = headers.map((header, i) => ({ header, width: widths[i], style: formats[i] ? { numFmt: formats[i] } : {} }));
  const head = ws.getRow(1);
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${PRIMARY_COLOR.slice(1)}` } };
  head.commit();
  return ws;
}

/** One pass over the members, page by page (the export makes one). */
export type UserPages = () => AsyncIterable<ExportUser[]>;

type Drains = { once(event: 'drain', done: () => void): unknown; off(event: 'drain', done: () => void): unknown };

/** Resolves at the target's next 'drain', or when the download closes first. */
function drainedOrClosed(target: Drains, stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      target.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    target.once('drain', done);
    stream.once('close', done);
  });
}

/** Pause between pages while the reader is behind, so a slow download does not pile up in memory. */
export function readerCaughtUp(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return drainedOrClosed(stream, stream);
}

/**
 * exceljs hands a sheet's XML to the zip through a PassThrough of archiver's without heeding
 * its backpressure (exceljs' StreamBuf ignores write()'s answer), so rows written faster than
 * they are compressed pile up there, outside the heap: a whole sheet at worst. So between pages
 * wait, like for the reader, until the zip has taken them. Reaches into exceljs 4.4 (the
 * worksheet's `stream` and its `pipes`); without them it waits for nothing.
 */
export function zipCaughtUp(ws: ExcelJS.Worksheet, stream: PassThrough): Promise<void> {
  const entry = (ws as unknown as { stream?: { pipes?: Array<Drains & { _writableState?: { needDrain?: boolean } }> } }).stream?.pipes?.[0];
  if (!entry?._writableState?.needDrain || stream.destroyed) return Promise.resolve();
  return drainedOrClosed(entry, stream);
}

export function usersWorkbookStream(source: ExportUser[] | UserPages, { spoolMemoryLimit = SPOOL_MEMORY_LIMIT } = {}): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  // The members are read once (issue 10), measured for every sheet's column widths (issue 21:
  // exceljs writes a sheet's widths before its first row) and kept in a spool; the sheets are then
  // written from it one after the other, since the zip holds one sheet open at a time (a sheet
  // written alongside another would wait in memory as XML). Members already in memory need no spool.
  const spool = Array.isArray(source) ? undefined : new RowSpool<ExportUser>(spoolMemoryLimit);
  const widths = USER_SHEETS.map((spec) => new ColumnWidths(spec.headers));
  const measure = (page: ExportUser[]) => {
    for (const p of page) USER_SHEETS.forEach((spec, i) => spec.rows(p).forEach((cells) => widths[i].measure(cells)));
  };
  const fill = async (spec: UserSheet, columnWidths: number[], pages: AsyncIterable<ExportUser[]> | Iterable<ExportUser[]>) => {
    const ws = addSheet(workbook, spec, columnWidths);
    for await (const page of pages) {
      if (stream.destroyed) return false;
      for (const p of page) for (const cells of spec.rows(p)) ws.addRow(cells).commit();
      await zipCaughtUp(ws, stream);
      await readerCaughtUp(stream);
    }
    ws.commit();
    return true;
  };
  const write = async () => {
    if (Array.isArray(source)) measure(source);
    else {
      for await (const page of source()) {
        if (stream.destroyed) return;
        measure(page);
        await spool?.add(page);
      }
    }
    const pages = () => spool?.pages() ?? [source as ExportUser[]];
    for (const [i, spec] of USER_SHEETS.entries()) if (!(await fill(spec, widths[i].widths(USER_COLUMN_WIDTHS), pages()))) return;
    // freed before the commit, which never settles if the reader goes away meanwhile
    await spool?.dispose();
    await workbook.commit();
  };
  void write()
    .catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))))
    // a temporary file that cannot be removed is left to the OS's temp clean-up, not worth failing a download
    .finally(() => spool?.dispose().catch(() => undefined));
  return stream;
}
