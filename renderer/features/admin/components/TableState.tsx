import { Button, TableCell, TableRow, Text } from '@fluentui/react-components';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { useTableStyles } from './admin-table';

/** The one row a table shows while loading, after a failure, or when nothing matches. */
export function TableState({ columns, pending, error, empty, emptyText, onRetry }: {
  columns: number; pending: boolean; error: unknown; empty: boolean; emptyText: string; onRetry: () => void;
}) {
  const styles = useTableStyles();
  if (!pending && !error && !empty) return null;
  return (
    <TableRow>
      <TableCell colSpan={columns}>
        {pending && <Loading />}
        {!pending && !!error && (
          <span role="alert">
            <Text className={styles.error}>{errorText(error)}</Text> <Button appearance="transparent" onClick={onRetry}>Try again</Button>
          </span>
        )}
        {!pending && !error && empty && <Text className={styles.muted} role="status">{emptyText}</Text>}
      </TableCell>
    </TableRow>
  );
}
