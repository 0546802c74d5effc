import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import type { ByLoginEntry, ByTeamEntry } from '../../../../shared/api/statistics';
import { DataTable, type DataColumn } from '../../../lib/components/DataTable';
import { NumberHeaderCell } from './NumberHeaderCell';

// The tables beside the charts (every chart's numbers can be read and copied).

const useStyles = makeStyles({
  // Columns as wide as their content: Fluent's fixed layout gave each column a quarter of a narrow
  // card, and six-digit counts of the large company ran into the names beside them.
  table: { tableLayout: 'auto' },
  total: { fontWeight: tokens.fontWeightSemibold },
  num: { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  // right-aligned side by side by DataTable (align 'end'); stacked, under its label
  count: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

export interface SplitRow {
  name: string;
  inTime: number;
  overdue: number;
  percent: number;
}

/**
 * By status or by category: in time, overdue, their sum and percent per row, then a Total row
 * whose every figure sits in its own column (the hub's total under Total, the whole as 100%).
 * Five columns do not fit a card in a 320 px window: there each row stacks, as every DataTable's.
 */
export function SplitTable({ label, head, rows, total }: { label: string; head: string; rows: SplitRow[]; total: number }) {
  const s = useStyles();
  const sum = (pick: (r: SplitRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const all: SplitTableRow[] = [
    ...rows.map((r) => ({ ...r, total: r.inTime + r.overdue, share: `${r.percent}%`, isTotal: false })),
    { name: 'Total', inTime: sum((r) => r.inTime), overdue: sum((r) => r.overdue), total, share: total > 0 ? '100%' : '', isTotal: true },
  ];
  const count = (header: string, value: (r: SplitTableRow) => string | number): DataColumn<SplitTableRow> => (
    { header, width: 80, align: 'end', className: s.count, cell: value }
  );
  return (
    <DataTable
      label={label}
      rows={all}
      rowKey={(r) => (r.isTotal ? '\u0000total' : r.name)}
      rowClassName={(r) => (r.isTotal ? s.total : undefined)}
      className={s.table}
      columns={[
        { header: head, stacked: 'title', cell: (r) => r.name },
        count('In time', (r) => r.inTime),
        count('Overdue', (r) => r.overdue),
        count('Total', (r) => r.total),
        count('Percent', (r) => r.share),
      ]}
    />
  );
}

interface SplitTableRow {
  name: string;
  inTime: number;
  overdue: number;
  total: number;
  share: string;
  isTotal: boolean;
}

export function TeamTable({ teams }: { teams: ByTeamEntry[] }) {
  const s = useStyles();
  const count = (header: string, value: (t: ByTeamEntry) => string | number, width = 80, headerTitle?: string): DataColumn<ByTeamEntry> => (
    { header, width, headerTitle, align: 'end', className: s.count, cell: value }
  );
  return (
    <DataTable
      label="Objectives by team"
      rows={teams}
      rowKey={(t) => t.team.id}
      columns={[
        { header: 'Team', stacked: 'title', cell: (t) => t.team.name },
        { header: 'Status (in time / overdue)', minWidth: 200, stacked: 'wide', cell: (t) => t.statusDistribution.map((d) => `${d.status}: ${d.inTime} / ${d.overdue}`).join('; ') },
        count('Total', (t) => t.total),
        count('Percent', (t) => `${t.percent}%`),
        // from the check-ins: key results at risk, of them off track
        count('At risk', (t) => `${t.atRisk}${t.offTrack > 0 ? ` (${t.offTrack} off track)` : ''}`, 130, 'Key results whose latest check-in is at risk or off track'),
      ]}
    />
  );
}

/** spec §9: the login statistics table shows the first 20 entries (the hub sends no more). */
export function LoginTable({ rows }: { rows: ByLoginEntry[] }) {
  const s = useStyles();
  return (
    <Table size="small" aria-label="Sign-ins by date" className={s.table}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Date</TableHeaderCell>
          <NumberHeaderCell>Sign-ins</NumberHeaderCell>
          <NumberHeaderCell>People</NumberHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.date}>
            <TableCell>{r.date}</TableCell>
            <TableCell className={s.num}>{r.logins}</TableCell>
            <TableCell className={s.num}>{r.users}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
