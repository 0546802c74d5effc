import { Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { OWN_DATA_EXPORT_PATH } from '../../../../shared/api/personal-data-export';
import type { SessionUser } from '../../../../shared/api/users';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useOffline } from '../../../lib/offline';
import { usePersonalDataDownload } from '../../../lib/personal-data-download';
import { useNotify } from '../../../lib/toast';

const useStyles = makeStyles({
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  meta: { color: tokens.colorNeutralForeground3 },
});

/** Right of access (docs/personal-data.md): everything the hub holds about the person, in one archive they keep. */
export function DataExportSettings({ user }: { user: SessionUser }) {
  const styles = useStyles();
  const notify = useNotify();
  const offline = useOffline();
  const { state, download } = usePersonalDataDownload();
  const preparing = state.kind === 'preparing';

  const start = async () => {
    const result = await download(OWN_DATA_EXPORT_PATH, user.username);
    if (result.status === 'saved') notify.success('Your data is downloaded');
  };

  return (
    <SettingsCard
      id="your-data"
      title="Your data"
      intro="Download a copy of everything the hub holds about you: profile, teams, objectives, check-ins, evaluations about you, notifications, sign-ins, sessions, your picture and VPN file. One zip with a JSON file for other tools and a workbook to read."
      spacing="medium"
    >
      {state.kind === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>Your data could not be downloaded.</MessageBarTitle>
            {state.message}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.footer}>
        <Button
          icon={preparing ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          disabledFocusable={preparing || offline}
          onClick={() => void start()}
        >
          Download my data
        </Button>
        <Text role="status" className={styles.meta}>{preparing ? 'Preparing your archive…' : ''}</Text>
      </div>
    </SettingsCard>
  );
}
