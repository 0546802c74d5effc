import type { HubConnection } from '../hub-connection';
import { badRequest, type ChannelActions } from './result';

export interface SettingsDeps {
  connection: Pick<HubConnection, 'settings' | 'setHubUrl'>;
  /**
   * Another hub is another session (tokens are per hub): main tells the window the session ended,
   * so a signed-in page does not keep showing the old hub's user.
   */
  onHubChanged?: () => void;
}

export function settingsActions(deps: SettingsDeps): ChannelActions<'settings:get' | 'settings:set-hub-url'> {
  return {
    'settings:get': async () => deps.connection.settings(),
    async 'settings:set-hub-url'({ hubUrl }) {
      try {
        const before = deps.connection.settings().hubUrl;
        const after = await deps.connection.setHubUrl(hubUrl);
        if (after.hubUrl !== before) deps.onHubChanged?.();
        return after;
      } catch (error) {
        // normalizeHubUrl explains what is wrong with the address; the form shows it under the field.
        if (error instanceof Error && !('status' in error)) throw badRequest(error.message, 'hubUrl');
        throw error;
      }
    },
  };
}
