import { Field, makeStyles, Switch } from '@fluentui/react-components';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useNotify } from '../../../lib/toast';
import { useDesktopSettings, useSetDesktopSettings } from '../api/desktop-settings';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column' },
});

export const KEEP_IN_TRAY_LABEL = 'Keep running in the tray when the window is closed';
export const START_AT_LOGIN_LABEL = 'Start Bitstone Hub when I sign in to my computer';

/**
 * The desktop app's own switches, saved as they are flipped. The tray switch shows only
 * where there is a tray (Windows, Linux: main says which), the login one where the system can
 * start the app.
 */
export function DesktopAppSettings() {
  const styles = useStyles();
  const notify = useNotify();
  const settings = useDesktopSettings();
  const save = useSetDesktopSettings();
  const saving = (key: 'keepInTray' | 'startAtLogin') => save.isPending && save.variables?.[key] !== undefined;
  const change = (value: { keepInTray: boolean } | { startAtLogin: boolean }) =>
    save.mutate(value, { onSuccess: () => notify.success(), onError: () => notify.failure() });
  const data = settings.data;
  return (
    <SettingsCard id="desktop-app" title="Desktop app" query={settings}>
      {data && (
        <div className={styles.list}>
          {data.trayAvailable && (
            // some Linux desktops show no tray icons: starting the app again brings the window back too
            <Field hint="Open it again from the tray icon, or by starting Bitstone Hub again.">
              <Switch
                label={KEEP_IN_TRAY_LABEL}
                checked={data.keepInTray}
                disabled={saving('keepInTray')}
                onChange={(_, d) => change({ keepInTray: d.checked })}
              />
            </Field>
          )}
          {data.startAtLoginAvailable && (
            <Switch
              label={START_AT_LOGIN_LABEL}
              checked={data.startAtLogin}
              disabled={saving('startAtLogin')}
              onChange={(_, d) => change({ startAtLogin: d.checked })}
            />
          )}
        </div>
      )}
    </SettingsCard>
  );
}
