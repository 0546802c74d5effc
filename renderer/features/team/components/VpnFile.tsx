import { useRef, useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular, DocumentRegular } from '@fluentui/react-icons';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { dottedName, validateVpnFileName } from '../../../../shared/rules/vpn-file';
import { errorText } from '../../../lib/api';
import { getTransport } from '../../../lib/transport';
import { useNotify } from '../../../lib/toast';
import { useDeleteVpn, useUploadVpn, useVpnExists } from '../api/vpn';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/**
 * spec §4 VPN file: no file → selected (valid) → saved, which can be downloaded or deleted.
 * Invalid files are a toast with the spec §5 message; the name is checked again at save.
 */
export function VpnFile({ ownerName }: { ownerName: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const dotted = dottedName(ownerName);
  const exists = useVpnExists(dotted);
  const upload = useUploadVpn(dotted);
  const remove = useDeleteVpn(dotted);
  const [selected, setSelected] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = validateVpnFileName(file.name, ownerName);
    if (problem) {
      notify.failure(problem);
      return;
    }
    setSelected(file);
  };

  const save = async () => {
    if (!selected) return;
    const problem = validateVpnFileName(selected.name, ownerName, true);
    if (problem) {
      notify.failure(problem);
      return;
    }
    try {
      await upload.mutateAsync(selected);
      setSelected(null);
      notify.success(PEOPLE_TOASTS.fileUploaded);
    } catch (error) {
      notify.failure(errorText(error));
    }
  };

  const download = async () => {
    const result = await getTransport().download(`/user/download-ovpn/${encodeURIComponent(dotted)}`, `${dotted}.ovpn`);
    if (result.status === 'failed') notify.failure(result.message);
  };

  const del = async () => {
    try {
      await remove.mutateAsync();
      notify.success(PEOPLE_TOASTS.fileDeleted);
    } catch (error) {
      notify.failure(errorText(error));
    }
  };

  if (exists.isPending) return <Spinner size="tiny" label="Checking the VPN file…" />;
  if (exists.isError) return <Text>{errorText(exists.error)}</Text>;

  if (exists.data.status) {
    return (
      <div className={styles.row} data-testid="vpn-file">
        <span className={styles.name}><DocumentRegular /><Text>{`${dotted}.ovpn`}</Text></span>
        <Button icon={<ArrowDownloadRegular />} onClick={() => void download()}>Download</Button>
        <Button icon={<DeleteRegular />} disabled={remove.isPending} onClick={() => void del()}>Delete</Button>
      </div>
    );
  }
  return (
    <div className={styles.row} data-testid="vpn-file">
      <Text>VPN configuration file</Text>
      <input ref={input} type="file" accept=".ovpn" hidden aria-label="VPN file" onChange={(e) => choose(e.target.files?.[0])} />
      <Button onClick={() => input.current?.click()}>{selected ? 'Choose another file' : 'Choose file'}</Button>
      {selected && <Text data-testid="vpn-selected">{selected.name}</Text>}
      {selected && (
        <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={upload.isPending} onClick={() => void save()}>Upload</Button>
      )}
    </div>
  );
}
