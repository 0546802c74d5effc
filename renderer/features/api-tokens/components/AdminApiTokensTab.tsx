import type { AdminApiToken } from '../../../../shared/api/api-tokens';
import { DataTable, type DataColumn } from '../../../lib/components/DataTable';
import { useAllApiTokens } from '../api/api-tokens';
import { RevokeApiToken } from './RevokeApiToken';
import { tokenColumns } from './token-columns';

/** Admin → API tokens: everyone's live tokens, any of which an admin may revoke. */
export function AdminApiTokensTab() {
  const all = useAllApiTokens();
  const columns: DataColumn<AdminApiToken>[] = [
    { header: 'Person', minWidth: 140, cell: (t) => t.owner.name },
    ...tokenColumns<AdminApiToken>(),
    { header: 'Actions', headerHidden: true, width: 110, stacked: 'actions', cell: (t) => <RevokeApiToken token={t} as="admin" owner={t.owner.name} /> },
  ];
  return (
    <DataTable
      label="API tokens"
      rows={all.data?.items ?? []}
      rowKey={(t) => t.id}
      columns={columns}
      status={{ pending: all.isPending, error: all.error, emptyText: 'Nobody has an API token.', onRetry: () => void all.refetch() }}
    />
  );
}
