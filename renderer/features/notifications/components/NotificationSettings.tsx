import { makeStyles, Switch } from '@fluentui/react-components';
import { NOTIFICATION_KIND_LABELS } from '../../../../shared/api/notifications';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useNotify } from '../../../lib/toast';
import { useNotificationSettings, useSaveNotificationSetting } from '../api/notifications';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column' },
});

/** One switch per kind; a kind switched off is not created for this user. */
export function NotificationSettings() {
  const styles = useStyles();
  const notify = useNotify();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  return (
    <SettingsCard id="notification" title="Notifications" intro="Choose what the hub tells you about." query={settings}>
      {settings.data && (
        <div className={styles.list}>
          {settings.data.items.map((s) => (
            <Switch
              key={s.kind}
              label={NOTIFICATION_KIND_LABELS[s.kind]}
              checked={s.enabled}
              disabled={save.isPending && save.variables?.kind === s.kind}
              onChange={(_, d) => save.mutate({ kind: s.kind, enabled: d.checked }, { onSuccess: () => notify.success(), onError: () => notify.failure() })}
            />
          ))}
        </div>
      )}
    </SettingsCard>
  );
}
