import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import type { ImportRun } from '../../../../shared/api/imports';
import { formatLastModified } from '../../../../shared/rules/dates';
import { errorText } from '../../../lib/api';
import { DataTable, type DataColumn } from '../../../lib/components/DataTable';
import { Loading } from '../../../lib/components/Loading';
import { useImportRuns } from '../api/imports';
import { CsvUpload } from './CsvUpload';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  uploads: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  message: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-wrap' },
});

const STATUS_COLOR = { succeeded: 'success', failed: 'danger', running: 'informative' } as const;

/** Source names the run; its message (an error) gets the most room. */
const RUN_COLUMNS: DataColumn<ImportRun>[] = [
  { header: 'Source', stacked: 'title', cell: (run) => run.source },
  { header: 'Status', width: 110, cell: (run) => <Badge appearance="tint" color={STATUS_COLOR[run.status]}>{run.status}</Badge> },
  { header: 'Rows', width: 70, cell: (run) => run.rows },
  { header: 'Started', width: 140, cell: (run) => formatLastModified(run.startedAt) },
  { header: 'Finished', width: 140, cell: (run) => (run.finishedAt ? formatLastModified(run.finishedAt) : '—') },
  { header: 'Message', minWidth: 160, stacked: 'wide', cell: (run) => <RunMessage text={run.message ?? ''} /> },
];

function RunMessage({ text }: { text: string }) {
  const styles = useStyles();
  return <span className={styles.message}>{text}</span>;
}

/**
 * design §3 'Imports' for admins: upload holiday data, and watch every run (scheduled hours
 * and holidays-app pulls, and uploads) with its status and error. The hub refuses non-admins.
 */
export default function ImportsPanel() {
  const styles = useStyles();
  const runs = useImportRuns();
  return (
    <div className={styles.root}>
      <div className={styles.uploads}>
        <CsvUpload kind="holidays" title="Holiday events" columns="external_id, title, start, end, type, team_ids (ids separated by ;), email (optional)" />
        <CsvUpload kind="days-left" title="Days left" columns="email, days_left (empty: no information)" />
      </div>
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold">Last imports</Text>
        <Button appearance="subtle" icon={<ArrowClockwise20Regular />} onClick={() => void runs.refetch()} disabled={runs.isFetching}>Refresh</Button>
      </div>
      {runs.isPending ? (
        <Loading />
      ) : runs.isError ? (
        <Text role="alert" className={styles.message}>{errorText(runs.error)}</Text>
      ) : runs.data.runs.length === 0 ? (
        <Text role="status">No import has run yet.</Text>
      ) : (
        <DataTable label="Last imports" columns={RUN_COLUMNS} rows={runs.data.runs} rowKey={(run) => run.id} />
      )}
    </div>
  );
}
