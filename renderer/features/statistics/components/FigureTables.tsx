import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import type { ByLoginEntry, ByTeamEntry } from '../../../../shared/api/statistics';
import { NumberHeaderCell } from './NumberHeaderCell';
import { TableScroll } from '../../../lib/components/TableScroll';

// The tables beside the charts (every chart's numbers can be read and copied).

const useStyles = makeStyles({
  // Columns as wide as their content: Fluent's fixed layout gave each column a quarter of a narrow
  // card, and six-digit counts of the large company ran into the names beside them.
  table: { tableLayout: 'auto' },
  total: { fontWeight: tokens.fontWeightSemibold },
  num: { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
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
 */
export function SplitTable({ label, head, rows, total }: { label: string; head: string; rows: SplitRow[]; total: number }) {
  const s = useStyles();
  const sum = (pick: (r: SplitRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  // five columns do not fit a 320 px window's card: the table scrolls in its own box there (reflow)
  return (
    <TableScroll label={label} minWidth={320}>
      <Table size="small" aria-label={label} className={s.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{head}</TableHeaderCell>
            <NumberHeaderCell>In time</NumberHeaderCell>
            <NumberHeaderCell>Overdue</NumberHeaderCell>
            <NumberHeaderCell>Total</NumberHeaderCell>
            <NumberHeaderCell>Percent</NumberHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.name}>
              <TableCell>{r.name}</TableCell>
              <TableCell className={s.num}>{r.inTime}</TableCell>
              <TableCell className={s.num}>{r.overdue}</TableCell>
              <TableCell className={s.num}>{r.inTime + r.overdue}</TableCell>
              <TableCell className={s.num}>{r.percent}%</TableCell>
            </TableRow>
          ))}
          <TableRow className={s.total}>
            <TableCell>Total</TableCell>
            <TableCell className={s.num}>{sum((r) => r.inTime)}</TableCell>
            <TableCell className={s.num}>{sum((r) => r.overdue)}</TableCell>
            <TableCell className={s.num}>{total}</TableCell>
            <TableCell className={s.num}>{total > 0 ? '100%' : ''}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableScroll>
  );
}

export function TeamTable({ teams }: { teams: ByTeamEntry[] }) {
  const s = useStyles();
  return (
    <TableScroll label="Objectives by team" minWidth={560}>
      <Table size="small" aria-label="Objectives by team" className={s.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Team</TableHeaderCell>
            <TableHeaderCell>Status (in time / overdue)</TableHeaderCell>
            <NumberHeaderCell>Total</NumberHeaderCell>
            <NumberHeaderCell>Percent</NumberHeaderCell>
            <NumberHeaderCell title="Key results whose latest check-in is at risk or off track">At risk</NumberHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {teams.map((t) => (
            <TableRow key={t.team.id}>
              <TableCell>{t.team.name}</TableCell>
              <TableCell>{t.statusDistribution.map((d) => `${d.status}: ${d.inTime} / ${d.overdue}`).join('; ')}</TableCell>
              <TableCell className={s.num}>{t.total}</TableCell>
              <TableCell className={s.num}>{t.percent}%</TableCell>
              {/* from the check-ins: key results at risk, of them off track */}
              <TableCell className={s.num}>{t.atRisk}{t.offTrack > 0 ? ` (${t.offTrack} off track)` : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
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
