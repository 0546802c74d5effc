import type { HubConnection } from '../hub-connection';
import { badRequest, type ChannelActions } from './result';

export interface SettingsDeps {
  connection: Pick<HubConnection, 'settings' | 'setHubUrl'>;
}

export function settingsActions(deps: SettingsDeps): ChannelActions<'settings:get' | 'settings:set-hub-url'> {
  return {
    'settings:get': async () => deps.connection.settings(),
    async 'settings:set-hub-url'({ hubUrl }) {
      try {
        return await deps.connection.setHubUrl(hubUrl);
      } catch (error) {
        // normalizeHubUrl explains what is wrong with the address; the form shows it under the field.
        if (error instanceof Error && !('status' in error)) throw badRequest(error.message, 'hubUrl');
        throw error;
      }
    },
  };
}
