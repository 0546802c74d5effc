import ExcelJS from 'exceljs';
import type { Evaluation } from '../../shared/api/evaluations';
import { EVALUATION_FIELDS } from '../../shared/rules/constants';
import { EVALUATION_LABELS, ratingText } from '../../shared/rules/evaluation-scale';
import { ColumnWidths, type WidthLimits } from './column-widths';
import { styleHeader } from './plans-xlsx-style';

// spec §9 Excel exports: one employee's evaluations, newest first, one row each; ratings as
// '4 – Exceeds expectations' so the sheet reads without the app.

export const EVALUATION_HEADERS = ['Date', 'Author', ...EVALUATION_FIELDS.map((f) => EVALUATION_LABELS[f])];

/** issue 21: columns as wide as their longest value; the targets, a long text, wrap at the cap. */
export const EVALUATION_COLUMN_WIDTHS: WidthLimits = { min: 12, max: 60 };

const evaluationRow = (e: Evaluation) => [new Date(e.createdAt), e.author.name, ...EVALUATION_FIELDS.map((f) => (f === 'targets' ? e[f] : ratingText(e[f])))];

export async function evaluationsWorkbook(name: string, items: Evaluation[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Evaluations', { views: [{ state: 'frozen', ySplit: 1 }] });
  const rows = items.map(evaluationRow);
  const widths = new ColumnWidths(EVALUATION_HEADERS);
  rows.forEach((cells) => widths.measure(cells));
  const columnWidths = widths.widths(EVALUATION_COLUMN_WIDTHS);
  ws.columns = EVALUATION_HEADERS.map((header, i) => ({ header, width: columnWidths[i], style: i === 0 ? { numFmt: 'dd/mm/yyyy' } : {} }));
  styleHeader(ws);
  for (const cells of rows) ws.addRow(cells);
  ws.getColumn(EVALUATION_HEADERS.length).alignment = { wrapText: true, vertical: 'top' };
  workbook.title = `${name} evaluations`;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
