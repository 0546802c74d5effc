import type { ReactNode } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { TableScroll } from '../../../lib/components/TableScroll';
import type { Paging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { Paginator } from './Paginator';
import { TableState } from './TableState';

export interface AdminColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** the header's width in pixels */
  width?: number;
  className?: string;
}

interface Props<T extends { id: number }> {
  /** the table's name, and its pages' */
  label: string;
  /** left of the Add button (the Users tab's search box) */
  tools?: ReactNode;
  add: { label: string; onClick: () => void };
  columns: AdminColumn<T>[];
  /** the buttons of a row's Actions cell */
  actions: (item: T) => ReactNode;
  rows: T[];
  /** the list's request: loading, its failure with Try again */
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  emptyText: string;
  total: number;
  /** the page shown (a page past the end falls back to the last one) */
  page: number;
  paging: Paging;
  /** below the table: the dialogs, the link cards */
  children?: ReactNode;
}

/** The frame every admin table shares (spec §2): Add, the rows and their actions, the pages. */
export function AdminTable<T extends { id: number }>({ label, tools, add, columns, actions, rows, query, emptyText, total, page, paging, children }: Props<T>) {
  const styles = useTableStyles();
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        {tools ?? <span />}
        <Button appearance="primary" icon={<AddRegular />} onClick={add.onClick}>{add.label}</Button>
      </div>
      {/* reflow (WCAG 1.4.10): about 100 px a column keeps them readable in a narrow window */}
      <TableScroll label={label} minWidth={100 * columns.length + 140}>
        <Table aria-label={label} size="small">
          <TableHeader>
            <TableRow>
              {columns.map((column) => <TableHeaderCell key={column.header} style={column.width ? { width: column.width } : undefined}>{column.header}</TableHeaderCell>)}
              <TableHeaderCell className={styles.actionsHead}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableState columns={columns.length + 1} pending={query.isPending} error={query.error} empty={rows.length === 0} emptyText={emptyText} onRetry={() => void query.refetch()} />
            {rows.map((item) => (
              <TableRow key={item.id}>
                {columns.map((column) => <TableCell key={column.header} className={column.className}>{column.cell(item)}</TableCell>)}
                <TableCell>{actions(item)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <Paginator label={label} total={total} page={page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />
      {children}
    </div>
  );
}
