import { useCreateJob, useDeleteJob, useJobs, useUpdateJob } from '../api/jobs';
import { NamedTable } from './NamedTable';

/** spec §2 Jobs table ('Roles' tab): Name with edit and delete; jobs are deleted permanently. */
export function JobsTab() {
  const jobs = useJobs();
  const create = useCreateJob();
  const update = useUpdateJob();
  const remove = useDeleteJob();
  return (
    <NamedTable
      entity="job"
      items={jobs.data?.jobs}
      query={jobs}
      searchIn={(job) => [job.name]}
      columns={[{ header: 'Members', cell: (job) => job.members }]}
      // a job has a name only
      save={({ name }, id) => (id === undefined ? create.mutateAsync({ name }) : update.mutateAsync({ id, name }))}
      saving={create.isPending || update.isPending}
      remove={remove}
    />
  );
}
