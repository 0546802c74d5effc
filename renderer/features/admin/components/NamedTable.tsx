import { useState } from 'react';
import type { NamedEntity } from '../api/name-taken';
import type { Named, NamedData } from '../api/named-data';
import { useRowConfirm } from '../hooks/use-row-confirm';
import { useSearchedPages } from '../hooks/use-searched-pages';
import { AddedNotice } from './AddedNotice';
import { AdminTable, type AdminColumn } from './AdminTable';
import { ConfirmDelete } from './ConfirmDelete';
import { NamedDialog } from './NamedDialog';
import { RowActions } from './RowActions';

interface Props<T extends Named, B> {
  /** names the table, its buttons, dialogs and empty states */
  entity: Extract<NamedEntity, 'team' | 'job'>;
  data: NamedData<T, B>;
  /** the texts the header's global search looks in */
  searchIn: (item: T) => string[];
  /** the columns after Name */
  columns: AdminColumn<T>[];
}

/** The Teams and Roles (jobs) tables of spec §2: edited through NamedDialog, deleted for good. */
export function NamedTable<T extends Named, B>({ entity, data, searchIn, columns }: Props<T, B>) {
  const { search, pages, markAdded, addedHidden } = useSearchedPages(data.items, searchIn);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const { ask, confirm } = useRowConfirm<T>(entity, { delete: data.remove });
  const label = `${entity[0].toUpperCase()}${entity.slice(1)}s`;

  return (
    <AdminTable
      label={label}
      add={{ label: `Add ${entity}`, onClick: () => setEditing('new') }}
      columns={[{ header: 'Name', cell: (item) => item.name }, ...columns]}
      actions={(item) => <RowActions name={item.name} onEdit={() => setEditing(item)} onDelete={() => ask(item, 'delete')} />}
      query={data.query}
      emptyText={search ? `No ${entity} matches the search.` : `No ${entity}s yet.`}
      notice={addedHidden && <AddedNotice name={addedHidden.name} entity={entity} search={search} />}
      {...pages}
    >
      {editing && (
        <NamedDialog
          entity={entity}
          title={editing === 'new' ? `New ${entity}` : `Edit ${entity}`}
          initial={editing === 'new' ? null : { id: editing.id, name: editing.name, technology: editing.technology ?? '' }}
          saving={data.create.isPending || data.update.isPending}
          onClose={() => setEditing(null)}
          save={(values) => (editing === 'new'
            ? data.create.mutateAsync(data.body(values)).then((made) => markAdded(made.id))
            : data.update.mutateAsync({ id: editing.id, ...data.body(values) }))}
        />
      )}
      <ConfirmDelete {...confirm} />
    </AdminTable>
  );
}
