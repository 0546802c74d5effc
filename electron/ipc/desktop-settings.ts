import { HubError } from '../../shared/api/hub-error';
import type { DesktopSettings } from '../../shared/ipc';
import type { DesktopPreferences } from '../settings';
import type { StartAtLogin } from '../start-at-login';
import { hasTray } from '../tray';
import { badRequest, type ChannelActions } from './result';

// Settings → Desktop app. The tray switch is kept in the settings store; the login
// switch is the system's own (electron/start-at-login.ts), so it is read back after each change.

export interface DesktopSettingsDeps {
  /** absent where there is no desktop app around the page: the channels answer 503 */
  desktopSettings?: {
    platform: NodeJS.Platform;
    preferences: DesktopPreferences;
    startAtLogin: StartAtLogin;
  };
}

const PLATFORMS = ['darwin', 'win32', 'linux'] as const;

const unavailable = () => new HubError({ status: 503, serverError: true, errors: [{ message: 'The desktop settings are not available.' }] });

export function desktopSettingsActions(deps: DesktopSettingsDeps): ChannelActions<'desktop-settings:get' | 'desktop-settings:set'> {
  const desktop = () => {
    if (!deps.desktopSettings) throw unavailable();
    return deps.desktopSettings;
  };
  const read = async (): Promise<DesktopSettings> => {
    const { platform, preferences, startAtLogin } = desktop();
    const trayAvailable = hasTray(platform);
    return {
      platform: (PLATFORMS as readonly string[]).includes(platform) ? (platform as DesktopSettings['platform']) : 'other',
      trayAvailable,
      keepInTray: trayAvailable && preferences.keepInTray(),
      startAtLoginAvailable: startAtLogin.available,
      startAtLogin: startAtLogin.available && (await startAtLogin.enabled()),
    };
  };
  return {
    'desktop-settings:get': read,
    async 'desktop-settings:set'({ keepInTray, startAtLogin: openAtLogin }) {
      const { platform, preferences, startAtLogin } = desktop();
      if (keepInTray !== undefined && !hasTray(platform)) throw badRequest('This computer has no tray to keep the app in.', 'keepInTray');
      if (openAtLogin !== undefined && !startAtLogin.available) throw badRequest('This computer cannot start the app at sign-in.', 'startAtLogin');
      if (keepInTray !== undefined) preferences.setKeepInTray(keepInTray);
      if (openAtLogin !== undefined) await startAtLogin.set(openAtLogin);
      return read();
    },
  };
}
