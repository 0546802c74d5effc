import ExcelJS from 'exceljs';
import type { Plans } from '../../shared/api/plans';
import { styleHeader } from './plans-xlsx-style';

// spec §9 Excel exports: the plan — objectives with their key results beneath them, and the
// member summaries — as the plans page shows them.

export const PLAN_HEADERS = ['Type', 'Title', 'Assignee', 'Team', 'Category', 'Priority', 'Status', 'Deadline', 'Completion score'];
export const SUMMARY_HEADERS = ['Name', 'Email', 'Team', 'Completed objectives', 'Overdue objectives', 'Total objectives'];
export const PLAN_SHEETS = { plan: 'Plan', summary: 'Members' } as const;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

export async function plansWorkbook(plans: Plans): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const plan = workbook.addWorksheet(PLAN_SHEETS.plan, { views: [{ state: 'frozen', ySplit: 1 }] });
  plan.columns = PLAN_HEADERS.map((header, i) => ({ header, width: i === 1 ? 48 : 18, style: i === 7 ? { numFmt: 'yyyy-mm-dd' } : {} }));
  styleHeader(plan);
  for (const o of plans.items) {
    plan.addRow(['Objective', o.title, o.owner.name, o.team?.name ?? '', o.category, o.priority, o.status, day(o.deadline), null]).font = { bold: true };
    for (const k of o.keyResults) {
      // §3: the completion score is 100 when missing
      const score = k.status === 'completed' ? (k.percentage ?? 100) : null;
      plan.addRow(['Key result', k.title, o.owner.name, o.team?.name ?? '', o.category, k.priority, k.status, day(k.deadline), score]);
    }
  }
  const summary = workbook.addWorksheet(PLAN_SHEETS.summary, { views: [{ state: 'frozen', ySplit: 1 }] });
  summary.columns = SUMMARY_HEADERS.map((header) => ({ header, width: 24 }));
  styleHeader(summary);
  for (const p of plans.plans) summary.addRow([p.name, p.email ?? '', p.team, p.completedObjectives, p.overdueObjectives, p.totalObjectives]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
