import type { Key } from 'react';
import { DataTable } from '../../../lib/components/DataTable';
import type { AdminColumn } from './AdminTable';

interface Props<T> {
  /** the table's name, for screen readers */
  label: string;
  /** the first one names the row (a stacked row's title) */
  columns: AdminColumn<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  /** the list's request: loading, its failure with Try again */
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  emptyText: string;
}

/** A table the admin area only shows (no Add, no actions, one page): its rows, or the one row that says why there are none. */
export function ReadOnlyTable<T>({ label, columns, rows, rowKey, query, emptyText }: Props<T>) {
  const [first, ...rest] = columns;
  return (
    <DataTable
      label={label}
      columns={first ? [{ stacked: 'title', ...first }, ...rest] : []}
      rows={rows}
      rowKey={rowKey}
      status={{ pending: query.isPending, error: query.error, emptyText, onRetry: () => void query.refetch() }}
    />
  );
}
