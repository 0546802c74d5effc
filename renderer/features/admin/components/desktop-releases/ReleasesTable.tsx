import { useState } from 'react';
import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { DESKTOP_PLATFORM_LABELS, type DesktopPlatformRelease, type DesktopReleases } from '../../../../../shared/api/desktop';
import { TableScroll } from '../../../../lib/components/TableScroll';
import { useSetRequired, type RequiredChange } from '../../api/desktop-releases';
import { useTableStyles } from '../admin-table';
import { ConfirmDelete } from '../ConfirmDelete';
import { TableState } from '../TableState';
import { fileSizeText, releaseDateText, requiredText } from './release-text';

const useStyles = makeStyles({
  files: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

type Published = DesktopPlatformRelease & { release: NonNullable<DesktopPlatformRelease['release']> };

interface Props {
  query: { data?: DesktopReleases; isPending: boolean; error: unknown; refetch: () => unknown };
}

/** Each platform's published release, its files, and the admin's required mark. */
export function ReleasesTable({ query }: Props) {
  const styles = useStyles();
  const table = useTableStyles();
  const setRequired = useSetRequired();
  const [asking, setAsking] = useState<(RequiredChange & { label: string; published: string }) | null>(null);
  const rows = (query.data?.platforms ?? []).filter((p): p is Published => p.release !== null);

  const ask = (row: Published, version: string | null) => {
    setRequired.reset();
    setAsking({ platform: row.platform, version, label: DESKTOP_PLATFORM_LABELS[row.platform], published: row.release.version });
  };
  const confirm = asking?.version
    ? { title: 'Mark as required', text: `Apps on ${asking.label} older than ${asking.version} will say an update is required and install it at their next start.`, yesLabel: 'Mark as required' }
    : { title: 'Not required', text: `Apps on ${asking?.label ?? ''} will no longer be made to update; they still offer ${asking?.published ?? ''}.`, yesLabel: 'Not required' };

  return (
    <>
      <TableScroll label="Desktop releases" minWidth={980}>
        <Table aria-label="Desktop releases" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: 100 }}>Platform</TableHeaderCell>
              <TableHeaderCell style={{ width: 90 }}>Version</TableHeaderCell>
              <TableHeaderCell style={{ width: 120 }}>Released</TableHeaderCell>
              <TableHeaderCell>Files</TableHeaderCell>
              <TableHeaderCell style={{ width: 120 }}>Required</TableHeaderCell>
              <TableHeaderCell style={{ width: 170 }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableState columns={6} pending={query.isPending} error={query.error} empty={rows.length === 0} emptyText="No desktop release published yet." onRetry={() => void query.refetch()} />
            {rows.map((row) => {
              const label = DESKTOP_PLATFORM_LABELS[row.platform];
              const { version } = row.release;
              return (
                <TableRow key={row.platform}>
                  <TableCell>{label}</TableCell>
                  <TableCell>{version}</TableCell>
                  <TableCell>{releaseDateText(row.release.releaseDate)}</TableCell>
                  <TableCell>
                    <ul className={styles.files}>
                      {row.release.files.map((file) => (
                        <li key={file.name} className={table.wrap}>
                          {file.name}{' '}
                          {file.size === null
                            ? <Text className={table.error}>(missing from the releases folder)</Text>
                            : <Text className={table.muted}>({[fileSizeText(file.size), file.sha512 ? 'sha512' : 'no sha512', file.blockmap ? 'blockmap' : 'no blockmap'].join(', ')})</Text>}
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell>
                    {row.requiredVersion === null
                      ? <Text className={table.muted}>{requiredText(version, null)}</Text>
                      : <Badge appearance="tint" color="warning">{requiredText(version, row.requiredVersion)}</Badge>}
                  </TableCell>
                  <TableCell>
                    <div className={styles.actions}>
                      {row.requiredVersion !== version && (
                        <Button size="small" aria-label={`Mark as required: ${label} ${version}`} onClick={() => ask(row, version)}>Mark as required</Button>
                      )}
                      {row.requiredVersion !== null && (
                        <Button size="small" aria-label={`Not required: ${label}`} onClick={() => ask(row, null)}>Not required</Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableScroll>
      <ConfirmDelete
        open={!!asking}
        title={confirm.title}
        text={confirm.text}
        yesLabel={confirm.yesLabel}
        busy={setRequired.isPending}
        error={setRequired.error}
        onNo={() => setAsking(null)}
        onYes={() => asking && setRequired.mutate({ platform: asking.platform, version: asking.version }, { onSuccess: () => setAsking(null) })}
      />
    </>
  );
}
