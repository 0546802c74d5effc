import { useId, useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { DESKTOP_PLATFORM_LABELS, errorsOfReleaseFile } from '../../../../../shared/api/desktop';
import { HubError } from '../../../../../shared/api/hub-error';
import { errorText } from '../../../../lib/api';
import { useNotify } from '../../../../lib/toast';
import { canUploadReleases, useUploadRelease } from '../../api/desktop-releases';
import { useTableStyles } from '../admin-table';
import { fileSizeText, progressText } from './release-text';

const useStyles = makeStyles({
  picker: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  files: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  progress: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, maxWidth: '480px' },
});

/** The hub's refusal as messages: one per file ('Setup.exe: …') and the upload's own. */
const messagesOf = (error: unknown): string[] => (error instanceof HubError ? error.errors.map((e) => e.message) : error ? [errorText(error)] : []);

/**
 * An admin publishes a release by uploading electron-builder's latest*.yml with the
 * installers and blockmaps it names; the hub checks each file against the metadata's sha512.
 */
export function ReleaseUpload() {
  const styles = useStyles();
  const table = useTableStyles();
  const inputId = useId();
  const { success } = useNotify();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const upload = useUploadRelease((sent, total) => setProgress({ sent, total }));
  const messages = messagesOf(upload.error);
  const general = messages.filter((m) => !files.some((f) => errorsOfReleaseFile(f.name, [m]).length > 0));

  if (!canUploadReleases()) {
    return <Text className={table.muted}>Upload releases from the hub’s web page, or copy them into the hub’s releases folder.</Text>;
  }

  const start = () => {
    setProgress({ sent: 0, total: files.reduce((sum, f) => sum + f.size, 0) });
    upload.mutate(files, {
      onSuccess: ({ published }) => {
        setFiles([]);
        success(`Published ${published.map((p) => `${DESKTOP_PLATFORM_LABELS[p.platform]} ${p.release?.version ?? ''}`.trim()).join(', ')}`);
      },
      onSettled: () => setProgress(null),
    });
  };

  return (
    <>
      <div className={styles.picker}>
        <label htmlFor={inputId}>Release files</label>
        <input
          id={inputId}
          type="file"
          multiple
          accept=".yml,.yaml,.exe,.dmg,.zip,.AppImage,.deb,.rpm,.blockmap"
          disabled={upload.isPending}
          onChange={(e) => { setFiles([...(e.target.files ?? [])]); upload.reset(); }}
        />
        <Button appearance="primary" icon={<ArrowUploadRegular />} disabledFocusable={files.length === 0 || upload.isPending} onClick={start}>Upload</Button>
      </div>
      {files.length > 0 && (
        <ul className={styles.files} aria-label="Chosen files">
          {files.map((file) => {
            const problems = errorsOfReleaseFile(file.name, messages);
            return (
              <li key={file.name} className={table.wrap}>
                {file.name} <Text className={table.muted}>({fileSizeText(file.size)})</Text>
                {problems.map((p) => <Text key={p} block className={table.error}>{p}</Text>)}
              </li>
            );
          })}
        </ul>
      )}
      {progress && upload.isPending && (
        <div className={styles.progress}>
          <ProgressBar aria-label="Upload progress" value={progress.total > 0 ? progress.sent / progress.total : undefined} />
          <Text aria-hidden>{progressText(progress.sent, progress.total)}</Text>
        </div>
      )}
      {general.length > 0 && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{general.map((m) => <div key={m}>{m}</div>)}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
