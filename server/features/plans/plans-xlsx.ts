import { PassThrough, type Readable } from 'node:stream';
import type { PlanObjective, Plans, PlanSummary } from '../../../shared/api/plans';
import { supportsText } from '../../../shared/rules/alignment-supports';
import type { PlanPages } from './plans-data';
import { ColumnWidths, type WidthLimits } from '../../exports/column-widths';
import { HEADER_STYLE } from '../../exports/xlsx-style';
import { readerCaughtUp, XlsxWriter } from '../../exports/xlsx-writer';

// spec §9 Excel exports: the plan — objectives with their key results beneath them, and the
// member summaries — as the plans page shows them. Streamed from pages of rows, so the largest
// team's plan goes out with flat memory. Columns are as wide as their longest value, and a
// sheet's widths come before its first row, so each sheet's pages are read twice, once to
// measure and once to write (a page is a lookup by primary key; the ids are fixed before the
// answer starts, so both passes read the same rows).

// alignment: 'Supports' last, so the columns before it keep their places for those who read them
export const PLAN_HEADERS = ['Type', 'Title', 'Assignee', 'Team', 'Category', 'Priority', 'Status', 'Deadline', 'Completion score', 'Supports'];
export const SUMMARY_HEADERS = ['Name', 'Email', 'Team', 'Completed objectives', 'Overdue objectives', 'Total objectives'];
export const PLAN_SHEETS = { plan: 'Plan', summary: 'Members' } as const;
export const PLAN_COLUMN_WIDTHS: WidthLimits = { min: 10, max: 60 };

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** An objective's row, bold, then its key results' rows. */
function planRows(o: PlanObjective): Array<{ cells: unknown[]; bold: boolean }> {
  return [
    { cells: ['Objective', o.title, o.owner.name, o.team?.name ?? '', o.category, o.priority, o.status, day(o.deadline), null, supportsText(o.supports) || null], bold: true },
    // §3: the completion score is 100 when missing
    ...o.keyResults.map((k) => ({
      cells: ['Key result', k.title, o.owner.name, o.team?.name ?? '', o.category, k.priority, k.status, day(k.deadline), k.status === 'completed' ? (k.percentage ?? 100) : null, null],
      bold: false,
    })),
  ];
}

const summaryRow = (p: PlanSummary) => [p.name, p.email ?? '', p.team, p.completedObjectives, p.overdueObjectives, p.totalObjectives];

/** The widths of a sheet's columns from one pass over its pages. */
async function measured<T>(headers: readonly string[], pages: AsyncIterable<T[]>, rows: (item: T) => unknown[][]): Promise<number[]> {
  const widths = new ColumnWidths(headers);
  for await (const page of pages) for (const item of page) for (const cells of rows(item)) widths.measure(cells);
  return widths.widths(PLAN_COLUMN_WIDTHS);
}

/** A whole plan already in memory, as pages (GET /user/plans answers and tests). */
function pagesOf(plans: Plans): PlanPages {
  return {
    async *items(): AsyncGenerator<PlanObjective[]> {
      yield plans.items;
    },
    async *summaries(): AsyncGenerator<PlanSummary[]> {
      yield plans.plans;
    },
  };
}

export function plansWorkbookStream(source: Plans | PlanPages): Readable {
  const pages = Array.isArray((source as Plans).items) ? pagesOf(source as Plans) : (source as PlanPages);
  const stream = new PassThrough();
  const workbook = new XlsxWriter((chunk) => {
    if (!stream.destroyed) stream.write(chunk);
  });
  const write = async () => {
    const planWidths = await measured(PLAN_HEADERS, pages.items(), (o) => planRows(o).map((r) => r.cells));
    if (stream.destroyed) return;
    const plan = workbook.addSheet(PLAN_SHEETS.plan, { frozenRows: 1, columns: planWidths.map((width, i) => ({ width, style: i === 7 ? { numFmt: 'yyyy-mm-dd' } : undefined })) });
    plan.addRow(PLAN_HEADERS, HEADER_STYLE);
    for await (const page of pages.items()) {
      if (stream.destroyed) return;
      for (const o of page) for (const { cells, bold } of planRows(o)) plan.addRow(cells, bold ? { bold } : undefined);
      await readerCaughtUp(stream);
    }
    plan.end();
    const summaryWidths = await measured(SUMMARY_HEADERS, pages.summaries(), (p) => [summaryRow(p)]);
    if (stream.destroyed) return;
    const summary = workbook.addSheet(PLAN_SHEETS.summary, { frozenRows: 1, columns: summaryWidths.map((width) => ({ width })) });
    summary.addRow(SUMMARY_HEADERS, HEADER_STYLE);
    for await (const page of pages.summaries()) {
      if (stream.destroyed) return;
      for (const p of page) summary.addRow(summaryRow(p));
      await readerCaughtUp(stream);
    }
    summary.end();
    workbook.end();
    stream.end();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}

/** The whole workbook as bytes (callers that need a Buffer rather than a stream). */
export async function plansWorkbook(plans: Plans): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of plansWorkbookStream(plans)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
