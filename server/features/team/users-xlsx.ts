import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_COLUMN_WIDTH, EXPORT_SHEETS } from '../../../shared/rules/people-exports';
import { ColumnWidths, type WidthLimits } from '../../exports/column-widths';
import { HEADER_STYLE } from '../../exports/xlsx-style';
import { RowSpool, SPOOL_MEMORY_LIMIT } from '../../exports/row-spool';
import type { ExportUser } from './users-data';
import { readerCaughtUp, XlsxWriter } from '../../exports/xlsx-writer';

// spec §9 spreadsheets: sheets Main Information, Relevant Information, Projects Experience,
// column width 20 (the narrowest: a column widens to its longest value, up to
// USER_COLUMN_WIDTHS.max); a styled header row and real dates. Streamed from pages of members
// read once, so memory stays flat however many there are (design §3).

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

/** One pass over the members, page by page (the export makes one). */
export type UserPages = () => AsyncIterable<ExportUser[]>;

export function usersWorkbookStream(source: ExportUser[] | UserPages, { spoolMemoryLimit = SPOOL_MEMORY_LIMIT } = {}): Readable {
  const stream = new PassThrough();
  const workbook = new XlsxWriter((chunk) => {
    if (!stream.destroyed) stream.write(chunk);
  });
  // The members are read once, measured for every sheet's column widths (a sheet's widths come
  // before its first row) and kept in a spool; the sheets are then written from it one after the
  // other, since a zip holds one file open at a time (a sheet written alongside another would
  // wait in memory). Members already in memory need no spool.
  const spool = Array.isArray(source) ? undefined : new RowSpool<ExportUser>(spoolMemoryLimit);
  const widths = USER_SHEETS.map((spec) => new ColumnWidths(spec.headers));
  const measure = (page: ExportUser[]) => {
    for (const p of page) USER_SHEETS.forEach((spec, i) => spec.rows(p).forEach((cells) => widths[i].measure(cells)));
  };
  const fill = async ({ name, headers, formats = {}, rows }: UserSheet, columnWidths: number[], pages: AsyncIterable<ExportUser[]> | Iterable<ExportUser[]>) => {
    const ws = workbook.addSheet(name, { frozenRows: 1, columns: headers.map((_, i) => ({ width: columnWidths[i], style: formats[i] ? { numFmt: formats[i] } : undefined })) });
    ws.addRow(headers, HEADER_STYLE);
    for await (const page of pages) {
      if (stream.destroyed) return false;
      for (const p of page) for (const cells of rows(p)) ws.addRow(cells);
      await readerCaughtUp(stream);
    }
    ws.end();
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
    await spool?.dispose();
    workbook.end();
    stream.end();
  };
  void write()
    .catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))))
    // a temporary file that cannot be removed is left to the OS's temp clean-up, not worth failing a download
    .finally(() => spool?.dispose().catch(() => undefined));
  return stream;
}
