import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { DESKTOP_PLATFORM_LABELS } from '../../../../../shared/api/desktop';
import { TableScroll } from '../../../../lib/components/TableScroll';
import { useConnectedVersions } from '../../api/desktop-releases';
import { TableState } from '../TableState';

/** issue 22 'Admin sees which app versions are connected': from the live sessions' User-Agents. */
export function ConnectedVersions() {
  const query = useConnectedVersions();
  const rows = query.data?.items ?? [];
  return (
    <TableScroll label="Connected app versions" minWidth={440}>
      <Table aria-label="Connected app versions" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Version</TableHeaderCell>
            <TableHeaderCell>Platform</TableHeaderCell>
            <TableHeaderCell>People</TableHeaderCell>
            <TableHeaderCell>Sessions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState columns={4} pending={query.isPending} error={query.error} empty={rows.length === 0} emptyText="No desktop app is signed in now." onRetry={() => void query.refetch()} />
          {rows.map((row) => (
            <TableRow key={`${row.version} ${row.platform}`}>
              <TableCell>{row.version}</TableCell>
              <TableCell>{row.platform ? DESKTOP_PLATFORM_LABELS[row.platform] : 'Unknown'}</TableCell>
              <TableCell>{row.people}</TableCell>
              <TableCell>{row.sessions}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
