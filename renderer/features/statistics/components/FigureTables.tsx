import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import type { ByLoginEntry, ByTeamEntry } from '../../../../shared/api/statistics';
import { DataTable, type DataColumn } from '../../../lib/components/DataTable';
import { NumberHeaderCell } from './NumberHeaderCell';

// The tables beside the charts (issue 9: every chart's numbers can be read and copied).

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
 * By status or by category: in time, overdue and percent per row, then the hub's total. Three
 * short counts sized by their content fit beside the chart and in any window, so this table (and
 * the sign-ins one) has no stacked layout; DataTable is for columns that may not fit.
 */
export function SplitTable({ label, head, rows, total }: { label: string; head: string; rows: SplitRow[]; total: number }) {
  const s = useStyles();
  return (
    <Table size="small" aria-label={label} className={s.table}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{head}</TableHeaderCell>
          <NumberHeaderCell>In time</NumberHeaderCell>
          <NumberHeaderCell>Overdue</NumberHeaderCell>
          <NumberHeaderCell>Percent</NumberHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.name}>
            <TableCell>{r.name}</TableCell>
            <TableCell className={s.num}>{r.inTime}</TableCell>
            <TableCell className={s.num}>{r.overdue}</TableCell>
            <TableCell className={s.num}>{r.percent}%</TableCell>
          </TableRow>
        ))}
        <TableRow className={s.total}>
          <TableCell>Total</TableCell>
          <TableCell colSpan={3}>{total}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
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
