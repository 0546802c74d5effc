import { useTeamsTable } from '../api/teams';
import { useTableStyles } from './admin-table';
import { NamedTable } from './NamedTable';
import { StatusBadge } from './StatusBadge';

/** spec §2 Teams table: Name, Technology, Status; 5 rows per page; the header's global search. */
export function TeamsTab() {
  const styles = useTableStyles();
  return (
    <NamedTable
      entity="team"
      data={useTeamsTable()}
      searchIn={(team) => [team.name, team.technology]}
      columns={[
        { header: 'Technology', cell: (team) => team.technology || <span className={styles.muted}>Not set</span> },
        { header: 'Status', cell: (team) => <StatusBadge status={team.status} /> },
      ]}
    />
  );
}
