import { Link, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import type { ByEmployeeEntry } from '../../../../shared/api/statistics';
import { PATHS } from '../../../lib/paths';
import { NumberHeaderCell } from './NumberHeaderCell';

// spec §9: the employee statistics table is at most 600 px high (its own scroll) and sorted by
// team name — the hub sends it in that order.
const useStyles = makeStyles({
  scroll: { maxHeight: '600px', overflowY: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  head: { position: 'sticky', top: 0, backgroundColor: tokens.colorNeutralBackground1, zIndex: 1 },
  num: { textAlign: 'right' },
  // names and titles typed by people wrap inside their cells; in a narrow window the
  // columns keep their room and the box scrolls sideways (reflow)
  table: { overflowWrap: 'anywhere', minWidth: '720px' },
});

export function EmployeeTable({ rows }: { rows: ByEmployeeEntry[] }) {
  const s = useStyles();
  const navigate = useNavigate();
  return (
    <div className={s.scroll} data-testid="employee-statistics" tabIndex={0}>
      <Table size="small" aria-label="Objectives by employee" className={s.table}>
        <TableHeader className={s.head}>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Team</TableHeaderCell>
            <NumberHeaderCell>Objectives</NumberHeaderCell>
            <NumberHeaderCell>Completed in time</NumberHeaderCell>
            <NumberHeaderCell>Completed overdue</NumberHeaderCell>
            <NumberHeaderCell>Key results</NumberHeaderCell>
            <NumberHeaderCell>KRs completed in time</NumberHeaderCell>
            <NumberHeaderCell>KRs completed overdue</NumberHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell><Link onClick={() => void navigate(`${PATHS.employeeDetails}?id=${r.id}`)}>{r.name}</Link></TableCell>
              <TableCell>{r.team}</TableCell>
              <TableCell className={s.num}>{r.objectivesNumber}</TableCell>
              <TableCell className={s.num}>{r.completedObjectives.inTime}</TableCell>
              <TableCell className={s.num}>{r.completedObjectives.overdue}</TableCell>
              <TableCell className={s.num}>{r.keyResultsNumber}</TableCell>
              <TableCell className={s.num}>{r.completedKeyResults.inTime}</TableCell>
              <TableCell className={s.num}>{r.completedKeyResults.overdue}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
