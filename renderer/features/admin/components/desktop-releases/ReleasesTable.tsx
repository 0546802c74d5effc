import { useState } from 'react';
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DESKTOP_PLATFORM_LABELS, type DesktopPlatformRelease, type DesktopReleases } from '../../../../../shared/api/desktop';
import { DataTable } from '../../../../lib/components/DataTable';
import { useSetRequired, type RequiredChange } from '../../api/desktop-releases';
import { useTableStyles } from '../admin-table';
import { ConfirmDelete } from '../ConfirmDelete';
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
      <DataTable
        label="Desktop releases"
        rows={rows}
        rowKey={(row) => row.platform}
        status={{ pending: query.isPending, error: query.error, emptyText: 'No desktop release published yet.', onRetry: () => void query.refetch() }}
        columns={[
          { header: 'Platform', width: 100, stacked: 'title', cell: (row) => DESKTOP_PLATFORM_LABELS[row.platform] },
          { header: 'Version', width: 90, cell: (row) => row.release.version },
          { header: 'Released', width: 120, cell: (row) => releaseDateText(row.release.releaseDate) },
          {
            header: 'Files',
            minWidth: 240,
            stacked: 'wide',
            cell: (row) => (
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
            ),
          },
          {
            header: 'Required',
            width: 120,
            cell: (row) => (row.requiredVersion === null
              ? <Text className={table.muted}>{requiredText(row.release.version, null)}</Text>
              : <Badge appearance="tint" color="warning">{requiredText(row.release.version, row.requiredVersion)}</Badge>),
          },
          {
            header: 'Actions',
            width: 170,
            stacked: 'actions',
            cell: (row) => {
              const label = DESKTOP_PLATFORM_LABELS[row.platform];
              const { version } = row.release;
              return (
                <div className={styles.actions}>
                  {row.requiredVersion !== version && (
                    <Button size="small" aria-label={`Mark as required: ${label} ${version}`} onClick={() => ask(row, version)}>Mark as required</Button>
                  )}
                  {row.requiredVersion !== null && (
                    <Button size="small" aria-label={`Not required: ${label}`} onClick={() => ask(row, null)}>Not required</Button>
                  )}
                </div>
              );
            },
          },
        ]}
      />
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
