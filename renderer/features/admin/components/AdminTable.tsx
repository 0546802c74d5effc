import type { Key, ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { DataTable, type DataColumn } from '../../../lib/components/DataTable';
import type { Paging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { Paginator } from './Paginator';

export type AdminColumn<T> = DataColumn<T>;

interface Props<T extends { id: number }> {
  /** the table's name, and its pages' */
  label: string;
  /** left of the Add button (the Users tab's search box) */
  tools?: ReactNode;
  add: { label: string; onClick: () => void };
  /** the first one names the row (a stacked row's title) */
  columns: AdminColumn<T>[];
  /** the buttons of a row's Actions cell */
  actions: (item: T) => ReactNode;
  /** room for the most buttons a row has (about 36 px each) */
  actionsWidth?: number;
  rows: T[];
  /** the list's request: loading, its failure with Try again */
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  emptyText: string;
  total: number;
  /** the page shown (a page past the end falls back to the last one) */
  page: number;
  paging: Paging;
  /** the row just added: marked and scrolled into view */
  highlight?: Key | null;
  /** between the toolbar and the table: where a new row went, when it is not in view */
  notice?: ReactNode;
  /** below the table: the dialogs, the link cards */
  children?: ReactNode;
}

/** The frame every admin table shares (spec §2): Add, the rows and their actions, the pages. */
export function AdminTable<T extends { id: number }>({
  label, tools, add, columns, actions, actionsWidth = 120, rows, query, emptyText, total, page, paging, highlight, notice, children,
}: Props<T>) {
  const styles = useTableStyles();
  const [first, ...rest] = columns;
  const all: AdminColumn<T>[] = [
    ...(first ? [{ stacked: 'title' as const, ...first }] : []),
    ...rest,
    { header: 'Actions', width: actionsWidth, align: 'end', stacked: 'actions', cell: actions },
  ];
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        {tools ?? <span />}
        <Button appearance="primary" icon={<AddRegular />} onClick={add.onClick}>{add.label}</Button>
      </div>
      {notice}
      <DataTable
        label={label}
        columns={all}
        rows={rows}
        rowKey={(item) => item.id}
        highlight={highlight}
        status={{ pending: query.isPending, error: query.error, emptyText, onRetry: () => void query.refetch() }}
      />
      <Paginator label={label} total={total} page={page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />
      {children}
    </div>
  );
}
