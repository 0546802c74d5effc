import { Badge } from '@fluentui/react-components';
import { useAllTeams, useCreateTeam, useDeleteTeam, useUpdateTeam } from '../api/teams';
import { useTableStyles } from './admin-table';
import { NamedTable } from './NamedTable';

/** spec §2 Teams table: Name, Technology, Status; 5 rows per page; the header's global search. */
export function TeamsTab() {
  const styles = useTableStyles();
  const teams = useAllTeams();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const remove = useDeleteTeam();
  return (
    <NamedTable
      entity="team"
      items={teams.data?.teams}
      query={teams}
      searchIn={(team) => [team.name, team.technology]}
      columns={[
        { header: 'Technology', cell: (team) => team.technology || <span className={styles.muted}>Not set</span> },
        { header: 'Status', cell: (team) => <Badge appearance="tint" color={team.status === 'active' ? 'success' : 'danger'}>{team.status === 'active' ? 'Active' : 'Deleted'}</Badge> },
      ]}
      save={(values, id) => (id === undefined ? create.mutateAsync(values) : update.mutateAsync({ id, ...values }))}
      saving={create.isPending || update.isPending}
      remove={remove}
    />
  );
}
