import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PRIMARY_COLOR } from '../../shared/rules/constants';
import { EXPORT_COLUMN_WIDTH, EXPORT_SHEETS } from '../../shared/rules/people-exports';
import type { ExportUser } from './users-data';

// spec §9 spreadsheets: sheets Main Information, Relevant Information, Projects Experience,
// column width 20; a styled header row and real dates. Written with exceljs' streaming writer from
// pages of members, so memory stays flat however many there are (design §3, issue 10).

export const MAIN_HEADERS = ['Name', 'Email', 'Phone', 'Job', 'Team', 'Direct Manager', 'Join Date', 'Status'];
export const RELEVANT_HEADERS = ['Name', 'Company', 'Position', 'Start Date', 'End Date', 'Description'];
export const PROJECT_HEADERS = ['Name', 'Title', 'Main Goal', 'Responsibilities', 'Technical Skills'];

const utcDate = (iso: string | null) => (iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`) : null);
/** 'MM/YYYY' → first day of that month; 'Present' stays a word. */
const monthDate = (value: string) => {
  const m = /^(\d{2})\/(\d{4})$/.exec(value);
  return m ? new Date(Date.UTC(Number(m[2]), Number(m[1]) - 1, 1)) : value;
};

function sheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, headers: string[], formats: Record<number, string> = {}) {
  const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = headers.map((header, i) => ({ header, width: EXPORT_COLUMN_WIDTH, style: formats[i] ? { numFmt: formats[i] } : {} }));
  const head = ws.getRow(1);
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${PRIMARY_COLOR.slice(1)}` } };
  head.commit();
  return ws;
}

/** One pass over the members, page by page; called once per sheet. */
export type UserPages = () => AsyncIterable<ExportUser[]>;

/** Pause between pages while the reader is behind, so a slow download does not pile up in memory. */
export function readerCaughtUp(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

export function usersWorkbookStream(source: ExportUser[] | UserPages): Readable {
  const pages: UserPages = Array.isArray(source) ? async function* all() { yield source; } : source;
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  // Each sheet is written whole before the next starts: the zip holds one entry open at a time,
  // so a sheet written alongside another would wait in memory.
  const eachPerson = async (write: (p: ExportUser) => void) => {
    for await (const page of pages()) {
      if (stream.destroyed) return;
      for (const p of page) write(p);
      await readerCaughtUp(stream);
    }
  };
  const write = async () => {
    const main = sheet(workbook, EXPORT_SHEETS.main, MAIN_HEADERS, { 6: 'dd/mm/yyyy' });
    await eachPerson((p) => main.addRow([p.name, p.email ?? '', p.phone ?? '', p.job ?? '', p.teams, p.manager ?? '', utcDate(p.joinDate), p.status]).commit());
    main.commit();
    const relevant = sheet(workbook, EXPORT_SHEETS.relevant, RELEVANT_HEADERS, { 3: 'mm/yyyy', 4: 'mm/yyyy' });
    await eachPerson((p) => {
      for (const e of p.relevant) relevant.addRow([p.name, e.company, e.position, monthDate(e.startDate), monthDate(e.endDate), e.description ?? '']).commit();
    });
    relevant.commit();
    const projects = sheet(workbook, EXPORT_SHEETS.projects, PROJECT_HEADERS);
    await eachPerson((p) => {
      for (const pr of p.projects) projects.addRow([p.name, pr.title, pr.mainGoal ?? '', pr.responsabilities ?? '', pr.technicalSkills ?? '']).commit();
    });
    projects.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
