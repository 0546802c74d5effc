import { Card, makeStyles, MessageBar, MessageBarBody, Spinner, Switch, Text, tokens } from '@fluentui/react-components';
import { NOTIFICATION_KIND_LABELS } from '../../../../shared/api/notifications';
import { errorText } from '../../../lib/api';
import { useNotify } from '../../../lib/toast';
import { useNotificationSettings, useSaveNotificationSetting } from '../api/notifications';

const useStyles = makeStyles({
  card: { width: '100%', maxWidth: '560px', alignSelf: 'center', boxSizing: 'border-box', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalS },
  list: { display: 'flex', flexDirection: 'column' },
});

/** issue 11 part 3: one switch per kind; a kind switched off is not created for this user. */
export function NotificationSettings() {
  const styles = useStyles();
  const notify = useNotify();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  return (
    <Card className={styles.card} aria-labelledby="notification-settings-title">
      <Text as="h2" size={500} weight="semibold" id="notification-settings-title">Notifications</Text>
      <Text>Choose what the hub tells you about.</Text>
      {settings.isPending && <Spinner size="small" label="Loading…" />}
      {settings.isError && <MessageBar intent="error"><MessageBarBody>{errorText(settings.error)}</MessageBarBody></MessageBar>}
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
    </Card>
  );
}
