import { makeStyles, tokens } from '@fluentui/react-components';
import type { ByEmployeeEntry } from '../../../../shared/api/statistics';
import { AppLink } from '../../../lib/components/AppLink';
import { DataTable, type DataColumn } from '../../../lib/components/DataTable';
import { PATHS } from '../../../lib/paths';

// spec §9: the employee statistics table is at most 600 px high (its own scroll) and sorted by
// team name — the hub sends it in that order.
const useStyles = makeStyles({
  scroll: { maxHeight: '600px', overflowY: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  // right-aligned side by side by DataTable (align 'end'); stacked, under its label
  num: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

export function EmployeeTable({ rows }: { rows: ByEmployeeEntry[] }) {
  const s = useStyles();
  const count = (header: string, value: (r: ByEmployeeEntry) => number): DataColumn<ByEmployeeEntry> => ({ header, width: 100, align: 'end', className: s.num, cell: value });
  return (
    <div className={s.scroll} data-testid="employee-statistics" tabIndex={0}>
      <DataTable
        label="Objectives by employee"
        stickyHeader
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Name', minWidth: 140, stacked: 'title', cell: (r) => <AppLink to={`${PATHS.employeeDetails}?id=${r.id}`}>{r.name}</AppLink> },
          { header: 'Team', cell: (r) => r.team },
          count('Objectives', (r) => r.objectivesNumber),
          count('Completed in time', (r) => r.completedObjectives.inTime),
          count('Completed overdue', (r) => r.completedObjectives.overdue),
          count('Key results', (r) => r.keyResultsNumber),
          count('KRs completed in time', (r) => r.completedKeyResults.inTime),
          count('KRs completed overdue', (r) => r.completedKeyResults.overdue),
        ]}
      />
    </div>
  );
}
