import type { Evaluation } from '../../../shared/api/evaluations';
import { EVALUATION_FIELDS } from '../../../shared/rules/constants';
import { EVALUATION_LABELS, ratingText } from '../../../shared/rules/evaluation-scale';
import { ColumnWidths, type WidthLimits } from '../../exports/column-widths';
import { HEADER_STYLE } from '../../exports/xlsx-style';
import { xlsxBuffer } from '../../exports/xlsx-writer';

// spec §9 Excel exports: one employee's evaluations, newest first, one row each; ratings as
// '4 – Exceeds expectations' so the sheet reads without the app.

export const EVALUATION_HEADERS = ['Date', 'Author', ...EVALUATION_FIELDS.map((f) => EVALUATION_LABELS[f])];

/** Columns as wide as their longest value; the targets, a long text, wrap at the cap. */
export const EVALUATION_COLUMN_WIDTHS: WidthLimits = { min: 12, max: 60 };

const evaluationRow = (e: Evaluation) => [new Date(e.createdAt), e.author.name, ...EVALUATION_FIELDS.map((f) => (f === 'targets' ? e[f] : ratingText(e[f])))];

export function evaluationsWorkbook(name: string, items: Evaluation[]): Buffer {
  const rows = items.map(evaluationRow);
  const widths = new ColumnWidths(EVALUATION_HEADERS);
  rows.forEach((cells) => widths.measure(cells));
  const last = EVALUATION_HEADERS.length - 1;
  const columns = widths.widths(EVALUATION_COLUMN_WIDTHS).map((width, i) => ({
    width, style: i === 0 ? { numFmt: 'dd/mm/yyyy' } : i === last ? { wrap: true } : undefined,
  }));
  return xlsxBuffer((workbook) => {
    const ws = workbook.addSheet('Evaluations', { frozenRows: 1, columns });
    ws.addRow(EVALUATION_HEADERS, HEADER_STYLE);
    for (const cells of rows) ws.addRow(cells);
    ws.end();
  }, { title: `${name} evaluations` });
}
