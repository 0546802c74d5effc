import { Field, makeStyles, Radio, RadioGroup, Switch, Text, tokens } from '@fluentui/react-components';
import {
  channelsOf,
  defaultChannel,
  inTheApp,
  notificationChannelSchema,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_DIGEST_HINT,
  SECURITY_NOTIFICATIONS_LABEL,
  WEEKLY_DIGEST_HINT,
  WEEKLY_DIGEST_LABEL,
  type NotificationChannel,
  type NotificationSetting,
  type NotificationSettingsBody,
} from '../../../../shared/api/notification-settings';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../../../shared/api/notifications';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useNotify } from '../../../lib/toast';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // four choices do not fit a phone's width on one line
  channels: { flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
});

const DIGEST_HINT_ID = 'notification-digest-hint';

/**
 * A channel per kind the hub e-mails (in the app, e-mail now, in the digest, off), on a hub that
 * sends e-mail; otherwise, and for the kinds it never e-mails, the bell's switch. Security
 * messages are always e-mailed, and Monday's digest has its own switch for those who get it.
 */
export function NotificationSettings() {
  const styles = useStyles();
  const notify = useNotify();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const send = (body: NotificationSettingsBody) => save.mutate(body, { onSuccess: () => notify.success(), onError: () => notify.failure() });
  // what is being saved shows at once; a failure goes back to what the hub answered
  const pending = (kind: NotificationKind) => (save.isPending ? save.variables?.items?.find((i) => i.kind === kind)?.channel : undefined);
  const choose = (kind: NotificationKind, channel: NotificationChannel) => send({ items: [{ kind, channel }] });
  const emailSent = settings.data?.emailSent ?? false;

  const row = (s: NotificationSetting) => {
    const label = NOTIFICATION_KIND_LABELS[s.kind];
    const channel = pending(s.kind) ?? s.channel;
    // a hub without a relay sends no e-mail: choices of it would promise what never comes
    if (!emailSent || !channelsOf(s.kind).includes('email')) {
      return <Switch key={s.kind} label={label} checked={inTheApp(channel)} onChange={(_, d) => choose(s.kind, d.checked ? defaultChannel(s.kind) : 'off')} />;
    }
    return (
      <Field key={s.kind} label={label}>
        <RadioGroup layout="horizontal" className={styles.channels} value={channel} aria-describedby={DIGEST_HINT_ID}
          onChange={(_, d) => {
            const parsed = notificationChannelSchema.safeParse(d.value);
            if (parsed.success) choose(s.kind, parsed.data);
          }}>
          {channelsOf(s.kind).map((c) => <Radio key={c} value={c} label={NOTIFICATION_CHANNEL_LABELS[c]} />)}
        </RadioGroup>
      </Field>
    );
  };

  return (
    <SettingsCard id="notification" title="Notifications" intro="Choose what the hub tells you about, and how." query={settings}>
      {settings.data && (
        // without e-mail, every choice is the app's: the switches are named for it as a group
        <div className={styles.list} {...(emailSent ? {} : { role: 'group', 'aria-label': 'In the app' })}>
          {emailSent && <Text size={200} id={DIGEST_HINT_ID}>{NOTIFICATION_DIGEST_HINT}</Text>}
          {settings.data.items.map(row)}
          {emailSent && (
            <Field label={SECURITY_NOTIFICATIONS_LABEL}>
              <Text>{`${NOTIFICATION_CHANNEL_LABELS[settings.data.securityChannel]}, always: these cannot be turned off.`}</Text>
            </Field>
          )}
          {emailSent && settings.data.weeklyDigest !== null && (
            <Field hint={WEEKLY_DIGEST_HINT}>
              <Switch label={WEEKLY_DIGEST_LABEL} checked={save.isPending && save.variables?.weeklyDigest !== undefined ? save.variables.weeklyDigest : settings.data.weeklyDigest}
                onChange={(_, d) => send({ weeklyDigest: d.checked })} />
            </Field>
          )}
        </div>
      )}
    </SettingsCard>
  );
}
