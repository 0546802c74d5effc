import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { AdminJob } from '../../../../shared/api/admin';
import { globalSearchAtom } from '../../../lib/search';
import { useCreateJob, useDeleteJob, useJobs, useUpdateJob } from '../api/jobs';
import { pageOf, usePaging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { ConfirmDelete } from './ConfirmDelete';
import { NamedDialog } from './NamedDialog';
import { Paginator } from './Paginator';
import { RowActions } from './RowActions';
import { TableState } from './TableState';

/** spec §2 Jobs table ('Roles' tab): Name with edit and delete; jobs are deleted permanently. */
export function JobsTab() {
  const styles = useTableStyles();
  const jobs = useJobs();
  const search = useAtomValue(globalSearchAtom).trim().toLowerCase();
  const paging = usePaging();
  const [editing, setEditing] = useState<AdminJob | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminJob | null>(null);
  const create = useCreateJob();
  const update = useUpdateJob();
  const remove = useDeleteJob();

  const matching = useMemo(() => (jobs.data?.jobs ?? []).filter((j) => !search || j.name.toLowerCase().includes(search)), [jobs.data, search]);
  const { rows, page } = pageOf(matching, paging.page, paging.size);

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <span />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>Add job</Button>
      </div>
      <Table aria-label="Jobs" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Members</TableHeaderCell>
            <TableHeaderCell className={styles.actionsHead}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState columns={3} pending={jobs.isPending} error={jobs.error} empty={rows.length === 0} emptyText={search ? 'No job matches the search.' : 'No jobs yet.'} onRetry={() => void jobs.refetch()} />
          {rows.map((job) => (
            <TableRow key={job.id}>
              <TableCell>{job.name}</TableCell>
              <TableCell>{job.members}</TableCell>
              <TableCell><RowActions name={job.name} onEdit={() => setEditing(job)} onDelete={() => { remove.reset(); setDeleting(job); }} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Paginator label="Jobs" total={matching.length} page={page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />

      {editing && (
        <NamedDialog
          entity="job"
          title={editing === 'new' ? 'New job' : 'Edit job'}
          initial={editing === 'new' ? null : { ...editing, technology: '' }}
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          save={({ name }) => (editing === 'new' ? create.mutateAsync({ name }) : update.mutateAsync({ id: editing.id, name }))}
        />
      )}
      <ConfirmDelete
        open={!!deleting}
        title="Delete job"
        text={deleting ? `Are you sure you want to delete ${deleting.name}?` : ''}
        busy={remove.isPending}
        error={remove.error}
        onNo={() => setDeleting(null)}
        onYes={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </div>
  );
}
