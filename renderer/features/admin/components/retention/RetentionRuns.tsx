import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { formatLastModified } from '../../../../../shared/rules/dates';
import { retentionRunText } from '../../../../../shared/rules/retention';
import { TableScroll } from '../../../../lib/components/TableScroll';
import { useRetentionRuns } from '../../api/retention';
import { TableState } from '../TableState';

const STATUS = { running: 'Running', succeeded: 'Done', failed: 'Failed' } as const;

/** issue 26: what the retention job's last runs removed, when, on which hub. */
export function RetentionRuns() {
  const query = useRetentionRuns();
  const runs = query.data?.runs ?? [];
  return (
    <TableScroll label="Last retention runs" minWidth={640}>
      <Table aria-label="Last retention runs" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Started</TableHeaderCell>
            <TableHeaderCell>Hub</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>What it did</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState columns={4} pending={query.isPending} error={query.error} empty={runs.length === 0} emptyText="No run yet: the hub runs it once a day." onRetry={() => void query.refetch()} />
          {runs.map((run) => (
            <TableRow key={run.id}>
              <TableCell>{formatLastModified(run.startedAt)}</TableCell>
              <TableCell>{run.hub}</TableCell>
              <TableCell>{STATUS[run.status]}</TableCell>
              <TableCell>{retentionRunText(run.removed, run.reminded)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
