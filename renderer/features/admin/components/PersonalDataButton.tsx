import { Button, Spinner, Tooltip } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { AdminUserRow } from '../../../../shared/api/admin';
import { adminDataExportPath } from '../../../../shared/api/personal-data-export';
import { usePersonalDataDownload } from '../../../lib/personal-data-download';
import { useNotify } from '../../../lib/toast';

/**
 * An admin downloads a person's personal data archive for a request that came by
 * letter (the hub audits it). A spinner on the row's button while the hub prepares it.
 */
export function PersonalDataButton({ user }: { user: AdminUserRow }) {
  const notify = useNotify();
  const { state, download } = usePersonalDataDownload();
  const preparing = state.kind === 'preparing';
  const start = async () => {
    const result = await download(adminDataExportPath(user.id), user.username);
    if (result.status === 'failed') notify.failure(`The personal data of ${user.name} could not be downloaded: ${result.message}`);
  };
  return (
    <Tooltip content="Download personal data" relationship="description">
      <Button
        appearance="subtle"
        icon={preparing ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
        aria-label={`Download personal data of ${user.name}`}
        disabledFocusable={preparing}
        onClick={() => void start()}
      />
    </Tooltip>
  );
}
