import { useJobsTable } from '../api/jobs';
import { NamedTable } from './NamedTable';

/** spec §2 Jobs table ('Roles' tab): Name with edit and delete; jobs are deleted permanently. */
export function JobsTab() {
  return <NamedTable entity="job" data={useJobsTable()} searchIn={(job) => [job.name]} columns={[{ header: 'Members', cell: (job) => job.members }]} />;
}
