import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { AdminRole } from '../../../../shared/api/roles';
import { accessLabel } from '../../../../shared/rules/permissions';
import { UNDELETABLE_ROLES } from '../../../../shared/rules/roles';
import { globalSearchAtom } from '../../../lib/search';
import { useCreateRole, useDeleteRole, useRestoreRole, useRoles, useUpdateRole } from '../api/roles';
import { pageOf, usePaging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { ConfirmDelete } from './ConfirmDelete';
import { Paginator } from './Paginator';
import { RoleDialog } from './RoleDialog';
import { RowActions } from './RowActions';
import { TableState } from './TableState';

type Pending = { role: AdminRole; action: 'delete' | 'restore' };

/** spec §2 Roles table (the Access tab): Name with edit, delete and restore; spec §4 'User' stays. */
export function AccessTab() {
  const styles = useTableStyles();
  const roles = useRoles();
  const search = useAtomValue(globalSearchAtom).trim().toLowerCase();
  const paging = usePaging();
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const create = useCreateRole();
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const restore = useRestoreRole();
  const acting = pending?.action === 'restore' ? restore : remove;

  const matching = useMemo(() => (roles.data?.roles ?? []).filter((r) => !search || r.name.toLowerCase().includes(search)), [roles.data, search]);
  const { rows, page } = pageOf(matching, paging.page, paging.size);

  const ask = (role: AdminRole, action: Pending['action']) => {
    remove.reset();
    restore.reset();
    setPending({ role, action });
  };

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <span />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>Add role</Button>
      </div>
      <Table aria-label="Roles" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Access</TableHeaderCell>
            <TableHeaderCell>Capabilities</TableHeaderCell>
            <TableHeaderCell>Members</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell className={styles.actionsHead}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState columns={6} pending={roles.isPending} error={roles.error} empty={rows.length === 0} emptyText={search ? 'No role matches the search.' : 'No roles yet.'} onRetry={() => void roles.refetch()} />
          {rows.map((role) => {
            const deleted = role.status === 'deleted';
            return (
              <TableRow key={role.id}>
                <TableCell>{role.name}</TableCell>
                <TableCell>{accessLabel(role.capabilities)}</TableCell>
                <TableCell>{role.capabilities.length}</TableCell>
                <TableCell>{role.members}</TableCell>
                <TableCell><Badge appearance="tint" color={deleted ? 'danger' : 'success'}>{deleted ? 'Deleted' : 'Active'}</Badge></TableCell>
                <TableCell>
                  <RowActions
                    name={role.name}
                    onEdit={() => setEditing(role)}
                    onDelete={!deleted && !UNDELETABLE_ROLES.includes(role.name) ? () => ask(role, 'delete') : undefined}
                    onRestore={deleted ? () => ask(role, 'restore') : undefined}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Paginator label="Roles" total={matching.length} page={page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />

      {editing && (
        <RoleDialog
          role={editing === 'new' ? null : editing}
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          save={(values) => (editing === 'new' ? create.mutateAsync(values) : update.mutateAsync({ id: editing.id, ...values }))}
        />
      )}
      <ConfirmDelete
        open={!!pending}
        title={pending?.action === 'restore' ? 'Restore role' : 'Delete role'}
        text={pending ? `Are you sure you want to ${pending.action} ${pending.role.name}?` : ''}
        busy={acting.isPending}
        error={acting.error}
        onNo={() => setPending(null)}
        onYes={() => pending && acting.mutate(pending.role.id, { onSuccess: () => setPending(null) })}
      />
    </div>
  );
}
