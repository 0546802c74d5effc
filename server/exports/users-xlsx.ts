import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PRIMARY_COLOR } from '../../shared/rules/constants';
import { EXPORT_COLUMN_WIDTH, EXPORT_SHEETS } from '../../shared/rules/people-exports';
import type { ExportUser } from './users-data';

// spec §9 spreadsheets: sheets Main Information, Relevant Information, Projects Experience,
// column width 20; a styled header row and real dates. Written with exceljs' streaming writer so
// 2,000 members go out as they are produced (design §3).

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

export function usersWorkbookStream(people: ExportUser[]): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const write = async () => {
    const main = sheet(workbook, EXPORT_SHEETS.main, MAIN_HEADERS, { 6: 'dd/mm/yyyy' });
    for (const p of people) {
      main.addRow([p.name, p.email ?? '', p.phone ?? '', p.job ?? '', p.teams, p.manager ?? '', utcDate(p.joinDate), p.status]).commit();
    }
    main.commit();
    const relevant = sheet(workbook, EXPORT_SHEETS.relevant, RELEVANT_HEADERS, { 3: 'mm/yyyy', 4: 'mm/yyyy' });
    for (const p of people) {
      for (const e of p.relevant) relevant.addRow([p.name, e.company, e.position, monthDate(e.startDate), monthDate(e.endDate), e.description ?? '']).commit();
    }
    relevant.commit();
    const projects = sheet(workbook, EXPORT_SHEETS.projects, PROJECT_HEADERS);
    for (const p of people) {
      for (const pr of p.projects) projects.addRow([p.name, pr.title, pr.mainGoal ?? '', pr.responsabilities ?? '', pr.technicalSkills ?? '']).commit();
    }
    projects.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
