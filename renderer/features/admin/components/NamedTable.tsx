import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { globalSearchAtom } from '../../../lib/search';
import { pageOf, usePaging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { ConfirmDelete } from './ConfirmDelete';
import { NamedDialog, type NamedValues } from './NamedDialog';
import { Paginator } from './Paginator';
import { RowActions } from './RowActions';
import { TableState } from './TableState';

interface Named {
  id: number;
  name: string;
  technology?: string;
}

interface Props<T extends Named> {
  /** names the table, its buttons, dialogs and empty states */
  entity: 'team' | 'job';
  items: T[] | undefined;
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  /** the texts the header's global search looks in */
  searchIn: (item: T) => string[];
  /** the columns between Name and Actions */
  columns: Array<{ header: string; cell: (item: T) => ReactNode }>;
  /** `id` undefined: a new one */
  save: (values: NamedValues, id?: number) => Promise<unknown>;
  saving: boolean;
  remove: { mutate: (id: number, options: { onSuccess: () => void }) => void; reset: () => void; isPending: boolean; error: unknown };
}

/** The Teams and Roles (jobs) tables of spec §2: paged on the screen, edited through NamedDialog. */
export function NamedTable<T extends Named>({ entity, items, query, searchIn, columns, save, saving, remove }: Props<T>) {
  const styles = useTableStyles();
  const search = useAtomValue(globalSearchAtom).trim().toLowerCase();
  const paging = usePaging();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const label = `${entity[0].toUpperCase()}${entity.slice(1)}s`;

  const matching = (items ?? []).filter((item) => !search || searchIn(item).some((text) => text.toLowerCase().includes(search)));
  const { rows, page } = pageOf(matching, paging.page, paging.size);

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <span />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>Add {entity}</Button>
      </div>
      <Table aria-label={label} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            {columns.map((column) => <TableHeaderCell key={column.header}>{column.header}</TableHeaderCell>)}
            <TableHeaderCell className={styles.actionsHead}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState
            columns={columns.length + 2}
            pending={query.isPending}
            error={query.error}
            empty={rows.length === 0}
            emptyText={search ? `No ${entity} matches the search.` : `No ${entity}s yet.`}
            onRetry={() => void query.refetch()}
          />
          {rows.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{item.name}</TableCell>
              {columns.map((column) => <TableCell key={column.header}>{column.cell(item)}</TableCell>)}
              <TableCell><RowActions name={item.name} onEdit={() => setEditing(item)} onDelete={() => { remove.reset(); setDeleting(item); }} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Paginator label={label} total={matching.length} page={page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />

      {editing && (
        <NamedDialog
          entity={entity}
          title={editing === 'new' ? `New ${entity}` : `Edit ${entity}`}
          initial={editing === 'new' ? null : { id: editing.id, name: editing.name, technology: editing.technology ?? '' }}
          saving={saving}
          onClose={() => setEditing(null)}
          save={(values) => save(values, editing === 'new' ? undefined : editing.id)}
        />
      )}
      <ConfirmDelete
        open={!!deleting}
        title={`Delete ${entity}`}
        text={deleting ? `Are you sure you want to delete ${deleting.name}?` : ''}
        busy={remove.isPending}
        error={remove.error}
        onNo={() => setDeleting(null)}
        onYes={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}
