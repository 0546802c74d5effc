import { useState } from 'react';
import type { AdminRole } from '../../../../shared/api/roles';
import { accessLabel } from '../../../../shared/rules/permissions';
import { UNDELETABLE_ROLES } from '../../../../shared/rules/roles';
import { useCreateRole, useDeleteRole, useRestoreRole, useRoles, useUpdateRole } from '../api/roles';
import { useRowConfirm } from '../hooks/use-row-confirm';
import { useSearchedPages } from '../hooks/use-searched-pages';
import { AddedNotice } from './AddedNotice';
import { AdminTable } from './AdminTable';
import { ConfirmDelete } from './ConfirmDelete';
import { RoleDialog } from './RoleDialog';
import { RowActions } from './RowActions';
import { StatusBadge } from './StatusBadge';

/** spec §2 Roles table (the Access tab): Name with edit, delete and restore; spec §4 'User' stays. */
export function AccessTab() {
  const roles = useRoles();
  const { search, pages, markAdded, addedHidden } = useSearchedPages(roles.data?.roles, (role) => [role.name]);
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const create = useCreateRole();
  const update = useUpdateRole();
  const { ask, confirm } = useRowConfirm<AdminRole>('role', { delete: useDeleteRole(), restore: useRestoreRole() });

  return (
    <AdminTable
      label="Roles"
      add={{ label: 'Add role', onClick: () => setEditing('new') }}
      columns={[
        { header: 'Name', cell: (role) => role.name },
        { header: 'Access', cell: (role) => accessLabel(role.capabilities) },
        { header: 'Capabilities', cell: (role) => role.capabilities.length },
        { header: 'Members', cell: (role) => role.members },
        { header: 'Status', cell: (role) => <StatusBadge status={role.status} /> },
      ]}
      actions={(role) => (
        <RowActions
          name={role.name}
          onEdit={() => setEditing(role)}
          onDelete={role.status !== 'deleted' && !UNDELETABLE_ROLES.includes(role.name) ? () => ask(role, 'delete') : undefined}
          onRestore={role.status === 'deleted' ? () => ask(role, 'restore') : undefined}
        />
      )}
      query={roles}
      emptyText={search ? 'No role matches the search.' : 'No roles yet.'}
      notice={addedHidden && <AddedNotice name={addedHidden.name} entity="role" search={search} />}
      {...pages}
    >
      {editing && (
        <RoleDialog
          role={editing === 'new' ? null : editing}
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          save={(values) => (editing === 'new' ? create.mutateAsync(values).then(({ role }) => markAdded(role.id)) : update.mutateAsync({ id: editing.id, ...values }))}
        />
      )}
      <ConfirmDelete {...confirm} />
    </AdminTable>
  );
}
