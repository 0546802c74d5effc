import type { Key } from 'react';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { TableScroll } from '../../../lib/components/TableScroll';
import type { AdminColumn } from './AdminTable';
import { TableState } from './TableState';

interface Props<T> {
  /** the table's name, for screen readers and its scroll region */
  label: string;
  /** reflow (WCAG 1.4.10): below this width the table scrolls instead of squeezing its columns */
  minWidth: number;
  columns: AdminColumn<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  /** the list's request: loading, its failure with Try again */
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  emptyText: string;
}

/** A table the admin area only shows (no Add, no actions, one page): its rows, or the one row that says why there are none. */
export function ReadOnlyTable<T>({ label, minWidth, columns, rows, rowKey, query, emptyText }: Props<T>) {
  return (
    <TableScroll label={label} minWidth={minWidth}>
      <Table aria-label={label} size="small">
        <TableHeader>
          <TableRow>
            {columns.map((column) => <TableHeaderCell key={column.header} style={column.width ? { width: column.width } : undefined}>{column.header}</TableHeaderCell>)}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState columns={columns.length} pending={query.isPending} error={query.error} empty={rows.length === 0} emptyText={emptyText} onRetry={() => void query.refetch()} />
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => <TableCell key={column.header} className={column.className}>{column.cell(row)}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
