import { HEADER_STYLE } from '../../server/exports/xlsx-style';
import { xlsxBuffer } from '../../server/exports/xlsx-writer';

// One workbook with every thing the exports write: two sheets, a styled and frozen header, a bold
// row, dates in two formats, numbers, wrapped text, empty cells, text XML must escape, a control
// character XML cannot hold. fixtures/sample-saved-by-libreoffice.xlsx is this workbook opened
// and saved again by LibreOffice Calc 7.4 (`soffice --headless --convert-to xlsx`).

export const SAMPLE_TITLE = 'Sample: exports';
export const SAMPLE_CREATED = new Date('2026-11-30T08:00:00Z');

export const SAMPLE_PLAN: unknown[][] = [
  ['Type', 'Title', 'Deadline', 'Score', 'Notes'],
  ['Objective', 'Ship the <new> "billing" & invoicing', new Date('2026-12-31T00:00:00Z'), null, 'First line\nsecond line'],
  ['Key result', 'Ana Mărgărit\u0007 – 😀', new Date('2027-01-15T00:00:00Z'), 80, ''],
  ['Key result', '  leading and trailing spaces  ', null, 12.5, 'x'.repeat(70)],
];
export const SAMPLE_PEOPLE: unknown[][] = [
  ['Name', 'Joined', 'Active'],
  ['Mara Mate', new Date('2021-03-15T09:30:00Z'), 'Yes'],
];

export function sampleWorkbook(): Buffer {
  return xlsxBuffer((book) => {
    const plan = book.addSheet('Plan', {
      frozenRows: 1,
      columns: [{ width: 12 }, { width: 40 }, { width: 12, style: { numFmt: 'yyyy-mm-dd' } }, { width: 10 }, { width: 30, style: { wrap: true } }],
    });
    plan.addRow(SAMPLE_PLAN[0], HEADER_STYLE);
    plan.addRow(SAMPLE_PLAN[1], { bold: true });
    for (const row of SAMPLE_PLAN.slice(2)) plan.addRow(row);
    plan.end();
    const people = book.addSheet('People', { frozenRows: 1, columns: [{ width: 20 }, { width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm' } }, { width: 10 }] });
    people.addRow(SAMPLE_PEOPLE[0], HEADER_STYLE);
    people.addRow(SAMPLE_PEOPLE[1]);
    people.end();
  }, { title: SAMPLE_TITLE, created: SAMPLE_CREATED });
}
