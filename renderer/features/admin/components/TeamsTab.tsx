import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { TeamListItem } from '../../../../shared/api/people';
import { globalSearchAtom } from '../../../lib/search';
import { useAllTeams, useCreateTeam, useDeleteTeam, useUpdateTeam } from '../api/teams';
import { pageOf, usePaging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { ConfirmDelete } from './ConfirmDelete';
import { NamedDialog } from './NamedDialog';
import { Paginator } from './Paginator';
import { RowActions } from './RowActions';
import { TableState } from './TableState';

/** spec §2 Teams table: Name, Technology, Status; 5 rows per page; the header's global search. */
export function TeamsTab() {
  const styles = useTableStyles();
  const teams = useAllTeams();
  const search = useAtomValue(globalSearchAtom).trim().toLowerCase();
  const paging = usePaging();
  const [editing, setEditing] = useState<TeamListItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TeamListItem | null>(null);
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const remove = useDeleteTeam();

  const matching = useMemo(
    () => (teams.data?.teams ?? []).filter((t) => !search || t.name.toLowerCase().includes(search) || t.technology.toLowerCase().includes(search)),
    [teams.data, search],
  );
  const { rows, page } = pageOf(matching, paging.page, paging.size);

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <span />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>Add team</Button>
      </div>
      <Table aria-label="Teams" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Technology</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell className={styles.actionsHead}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState columns={4} pending={teams.isPending} error={teams.error} empty={rows.length === 0} emptyText={search ? 'No team matches the search.' : 'No teams yet.'} onRetry={() => void teams.refetch()} />
          {rows.map((team) => (
            <TableRow key={team.id}>
              <TableCell>{team.name}</TableCell>
              <TableCell>{team.technology || <span className={styles.muted}>Not set</span>}</TableCell>
              <TableCell><Badge appearance="tint" color={team.status === 'active' ? 'success' : 'danger'}>{team.status === 'active' ? 'Active' : 'Deleted'}</Badge></TableCell>
              <TableCell><RowActions name={team.name} onEdit={() => setEditing(team)} onDelete={() => { remove.reset(); setDeleting(team); }} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Paginator label="Teams" total={matching.length} page={page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />

      {editing && (
        <NamedDialog
          entity="team"
          title={editing === 'new' ? 'New team' : 'Edit team'}
          initial={editing === 'new' ? null : editing}
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          save={(values) => (editing === 'new' ? create.mutateAsync(values) : update.mutateAsync({ id: editing.id, ...values }))}
        />
      )}
      <ConfirmDelete
        open={!!deleting}
        title="Delete team"
        text={deleting ? `Are you sure you want to delete ${deleting.name}?` : ''}
        busy={remove.isPending}
        error={remove.error}
        onNo={() => setDeleting(null)}
        onYes={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}
