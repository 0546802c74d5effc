import { makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { EMAIL_DIGEST_HINT, EMAIL_DIGEST_LABEL, NOTIFICATION_KIND_LABELS, type NotificationSetting } from '../../../../shared/api/notifications';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useNotify } from '../../../lib/toast';
import { useNotificationSettings, useSaveEmailDigest, useSaveNotificationSetting } from '../api/notifications';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column' },
  group: { display: 'flex', flexDirection: 'column', marginTop: tokens.spacingVerticalM },
});

/**
 * One switch per kind in the app (a kind switched off is not created for this user), and one per
 * kind the hub also e-mails: the two are independent, and an e-mail's unsubscribe link turns off
 * the second only.
 */
export function NotificationSettings() {
  const styles = useStyles();
  const notify = useNotify();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const digest = useSaveEmailDigest();
  const saving = (kind: NotificationSetting['kind']) => save.isPending && save.variables?.kind === kind;
  const change = (item: NotificationSetting) => save.mutate(item, { onSuccess: () => notify.success(), onError: () => notify.failure() });
  // a hub without a relay sends no e-mail: switches for it would promise what never comes
  const byEmail = settings.data?.emailSent ? settings.data.items.filter((s) => s.email !== undefined) : [];
  return (
    <SettingsCard id="notification" title="Notifications" intro="Choose what the hub tells you about." query={settings}>
      {settings.data && (
        <>
          <div className={styles.list} role="group" aria-label="In the app">
            {settings.data.items.map((s) => (
              <Switch key={s.kind} label={NOTIFICATION_KIND_LABELS[s.kind]} checked={s.enabled} disabled={saving(s.kind)}
                onChange={(_, d) => change({ kind: s.kind, enabled: d.checked })} />
            ))}
          </div>
          {byEmail.length > 0 && (
            <div className={styles.group} role="group" aria-labelledby="notification-email-title">
              <Text weight="semibold" id="notification-email-title">By e-mail</Text>
              {byEmail.map((s) => (
                <Switch key={s.kind} label={`${NOTIFICATION_KIND_LABELS[s.kind]}, by e-mail`} checked={s.email} disabled={saving(s.kind)}
                  onChange={(_, d) => change({ kind: s.kind, enabled: s.enabled, email: d.checked })} />
              ))}
              <Switch label={EMAIL_DIGEST_LABEL} checked={settings.data.emailDigest} disabled={digest.isPending} aria-describedby="notification-digest-hint"
                onChange={(_, d) => digest.mutate(d.checked, { onSuccess: () => notify.success(), onError: () => notify.failure() })} />
              <Text size={200} id="notification-digest-hint">{EMAIL_DIGEST_HINT}</Text>
            </div>
          )}
        </>
      )}
    </SettingsCard>
  );
}
