import type { RetentionRun } from '../../../../../shared/api/retention';
import { formatLastModified } from '../../../../../shared/rules/dates';
import { retentionRunText } from '../../../../../shared/rules/retention';
import { useRetentionRuns } from '../../api/retention';
import type { AdminColumn } from '../AdminTable';
import { ReadOnlyTable } from '../ReadOnlyTable';

const STATUS = { running: 'Running', succeeded: 'Done', failed: 'Failed' } as const;

const COLUMNS: AdminColumn<RetentionRun>[] = [
  { header: 'Started', cell: (run) => formatLastModified(run.startedAt) },
  { header: 'Hub', cell: (run) => run.hub },
  { header: 'Status', cell: (run) => STATUS[run.status] },
  { header: 'What it did', cell: (run) => retentionRunText(run.removed, run.reminded) },
];

/** What the retention job's last runs removed, when, on which hub. */
export function RetentionRuns() {
  const query = useRetentionRuns();
  return (
    <ReadOnlyTable label="Last retention runs" columns={COLUMNS} rows={query.data?.runs ?? []} rowKey={(run) => run.id}
      query={query} emptyText="No run yet: the hub runs it once a day." />
  );
}
