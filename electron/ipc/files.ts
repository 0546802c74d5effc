import type { SaveResult } from '../../shared/ipc';
import type { HubClient } from '../hub-client';
import type { SaveFileInput } from '../save-file';
import { CV_PRINT } from '../../shared/rules/people-exports';
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
export function filesActions(deps: FilesDeps): ChannelActions<'file:save' | 'file:save-pdf'> {
  return {
    async 'file:save'(payload) {
      const bytes = payload.bytes ?? (payload.hubPath ? (await deps.hub.download(payload.hubPath)).bytes : null);
      if (!bytes) return { status: 'failed', message: 'Nothing to save.' };
      return deps.saveFile({ suggestedName: payload.suggestedName, bytes });
    },
    /** design §3 (CV PDF): the sending page (the CV preview) printed on A4 at 0.75, then the save dialog. */
    async 'file:save-pdf'(payload, event) {
      if (!event.sender) return { status: 'failed', message: 'There is no page to print.' };
      const pdf = await event.sender.printToPDF({ pageSize: CV_PRINT.pageSize, scale: CV_PRINT.scale });
      return deps.saveFile({ suggestedName: payload.suggestedName, bytes: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
    },
  };
}
