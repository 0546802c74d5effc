import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import type { ImportRun } from '../../../../shared/api/imports';
import { formatLastModified } from '../../../../shared/rules/dates';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { useImportRuns } from '../api/imports';
import { CsvUpload } from './CsvUpload';
import { TableScroll } from '../../../lib/components/TableScroll';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  uploads: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  message: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-wrap' },
});

const STATUS_COLOR = { succeeded: 'success', failed: 'danger', running: 'informative' } as const;

function RunRow({ run }: { run: ImportRun }) {
  const styles = useStyles();
  return (
    <TableRow data-testid="import-run">
      <TableCell>{run.source}</TableCell>
      <TableCell><Badge appearance="tint" color={STATUS_COLOR[run.status]}>{run.status}</Badge></TableCell>
      <TableCell>{run.rows}</TableCell>
      <TableCell>{formatLastModified(run.startedAt)}</TableCell>
      <TableCell>{run.finishedAt ? formatLastModified(run.finishedAt) : '—'}</TableCell>
      <TableCell className={styles.message}>{run.message ?? ''}</TableCell>
    </TableRow>
  );
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
        <TableScroll label="Last imports" minWidth={640}>
          <Table aria-label="Last imports" size="small">
            <TableHeader>
              <TableRow>
                {['Source', 'Status', 'Rows', 'Started', 'Finished', 'Message'].map((h) => <TableHeaderCell key={h}>{h}</TableHeaderCell>)}
              </TableRow>
            </TableHeader>
            <TableBody>
              {runs.data.runs.map((run) => <RunRow key={run.id} run={run} />)}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </div>
  );
}
