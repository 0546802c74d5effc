import { Button, makeStyles, mergeClasses, MessageBar, MessageBarActions, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { errorText } from '../../../../lib/api';
import { Loading } from '../../../../lib/components/Loading';
import { useNotify } from '../../../../lib/toast';
import { useRetention, useRunRetention } from '../../api/retention';
import { useTableStyles } from '../admin-table';
import { RetentionForm } from './RetentionForm';
import { RetentionRuns } from './RetentionRuns';

const useStyles = makeStyles({
  panel: { gap: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The periods applied now rather than at the next daily run (after shortening one, say). */
function RunNow() {
  const run = useRunRetention();
  const { failure } = useNotify();
  return (
    <Button onClick={() => run.mutate(undefined, { onError: (error) => failure(errorText(error)) })} disabled={run.isPending}>
      {run.isPending ? 'Running…' : 'Run now'}
    </Button>
  );
}

/**
 * Admin → Retention: how long each kind of record that need not live for ever is kept,
 * and what the daily job removed. Archived people are never erased by it: admins are reminded.
 */
export function RetentionTab() {
  const styles = useStyles();
  const table = useTableStyles();
  const retention = useRetention();
  return (
    <div className={mergeClasses(table.panel, styles.panel)}>
      <section className={styles.section} aria-labelledby="retention-periods-title">
        <Text as="h2" size={400} weight="semibold" id="retention-periods-title">Retention periods</Text>
        <Text block className={table.muted}>
          Once a day the hub deletes what is past its period. Archived people are not erased: the admins are reminded once, and decide.
        </Text>
        {retention.isPending && <Loading />}
        {retention.isError && (
          <MessageBar intent="error">
            <MessageBarBody>{errorText(retention.error)}</MessageBarBody>
            <MessageBarActions><Button onClick={() => void retention.refetch()}>Try again</Button></MessageBarActions>
          </MessageBar>
        )}
        {retention.data && <RetentionForm periods={retention.data.periods} />}
      </section>
      <section className={styles.section} aria-labelledby="retention-runs-title">
        <div className={table.toolbar}>
          <Text as="h2" size={400} weight="semibold" id="retention-runs-title">Last runs</Text>
          <RunNow />
        </div>
        <RetentionRuns />
      </section>
    </div>
  );
}
