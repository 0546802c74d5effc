import type { SaveResult } from '../../shared/ipc';
import type { HubClient } from '../hub-client';
import type { SaveFileInput } from '../save-file';
import type { ChannelActions } from './result';

export interface FilesDeps {
  hub: Pick<HubClient, 'download'>;
  /** save-file.ts's saveFile with the dialog, fs and window already handed in */
  saveFile: (input: SaveFileInput) => Promise<SaveResult>;
}

/**
 * design §3 (Excel, CV): bytes the renderer has, or an export the hub makes (fetched here with the
 * token, which the renderer does not have), saved through the native dialog.
 */
export function filesActions(deps: FilesDeps): ChannelActions<'file:save'> {
  return {
    async 'file:save'(payload) {
      const bytes = payload.bytes ?? (payload.hubPath ? (await deps.hub.download(payload.hubPath)).bytes : null);
      if (!bytes) return { status: 'failed', message: 'Nothing to save.' };
      return deps.saveFile({ suggestedName: payload.suggestedName, bytes });
    },
  };
}
