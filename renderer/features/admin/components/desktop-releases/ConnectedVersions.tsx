import { DESKTOP_PLATFORM_LABELS, type ConnectedVersion } from '../../../../../shared/api/desktop';
import { useConnectedVersions } from '../../api/desktop-releases';
import type { AdminColumn } from '../AdminTable';
import { ReadOnlyTable } from '../ReadOnlyTable';

const COLUMNS: AdminColumn<ConnectedVersion>[] = [
  { header: 'Version', cell: (row) => row.version },
  { header: 'Platform', cell: (row) => (row.platform ? DESKTOP_PLATFORM_LABELS[row.platform] : 'Unknown') },
  { header: 'People', cell: (row) => row.people },
  { header: 'Sessions', cell: (row) => row.sessions },
];

/** Which app versions are connected now, from the live sessions' User-Agents. */
export function ConnectedVersions() {
  const query = useConnectedVersions();
  return (
    <ReadOnlyTable label="Connected app versions" columns={COLUMNS} rows={query.data?.items ?? []} rowKey={(row) => `${row.version} ${row.platform}`}
      query={query} emptyText="No desktop app is signed in now." />
  );
}
