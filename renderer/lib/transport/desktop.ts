import { HubError } from '../../../shared/api/hub-error';
import type { HubBridge, IpcChannel, IpcPayload, IpcResults } from '../../../shared/ipc';
import { listenerSet } from './listeners';
import type { DownloadResult, Transport } from './types';
import { fileNameOf } from './web';

/**
 * Desktop transport: everything goes through preload's window.hub. Main holds the token,
 * converts keys (snake_case on the wire) and unwraps `data`; here we only turn `{ok:false}`
 * results back into HubErrors.
 */
export function createDesktopTransport(bridge: HubBridge): Transport {
  const unauthorized = listenerSet();
  const unreachable = listenerSet();
  // Main announces the end itself (token cleared there); a 401 result we see is the same event.
  bridge.onSessionEnded(() => unauthorized.emit());

  async function call<C extends IpcChannel>(channel: C, payload: IpcPayload<C>, announce401 = true): Promise<IpcResults[C]> {
    const result = await bridge.invoke(channel, payload);
    if (result.ok) return result.data;
    if (result.error.status === 401 && announce401) unauthorized.emit();
    // main's HubClient answers status 0 when the hub did not answer at all
    if (result.error.status === 0) unreachable.emit();
    throw new HubError(result.error);
  }

  return {
    kind: 'desktop',
    request: (method, path, opts = {}) => call('hub:request', { method, path, query: opts.query, body: opts.body, idempotencyKey: opts.idempotencyKey }),
    async signIn(credentials) {
      const state = await call('session:login', credentials, false);
      if (!state.user) throw new HubError({ status: 500, serverError: true, errors: [{ message: 'The hub did not return the signed-in user.' }] });
      return { user: state.user, firstLogin: state.firstLogin, passwordMustChange: state.passwordMustChange };
    },
    async signOut() {
      try {
        await call('session:logout', undefined, false);
      } catch {
        // the local session ends regardless
      }
    },
    download: (hubPath, suggestedName) => saved(() => call('file:save', { suggestedName, hubPath })),
    async upload(method, path, input) {
      const bytes = new Uint8Array(await input.file.arrayBuffer());
      return call('hub:upload', {
        method,
        path,
        fieldName: input.fieldName,
        fileName: input.fileName ?? fileNameOf(input.file),
        contentType: input.file.type || 'application/octet-stream',
        bytes,
        fields: input.fields,
      });
    },
    async image(path) {
      const picture = await call('hub:image', { path });
      return new Blob([picture.bytes as Uint8Array<ArrayBuffer>], { type: picture.contentType });
    },
    async savePagePdf(suggestedName) {
      return saved(() => call('file:save-pdf', { suggestedName }));
    },
    onUnauthorized: unauthorized.add,
    onUnreachable: unreachable.add,
  };
}

async function saved(save: () => Promise<{ status: 'saved'; path: string } | { status: 'cancelled' } | { status: 'failed'; message: string }>): Promise<DownloadResult> {
  try {
    const result = await save();
    return result.status === 'saved' ? { status: 'saved' } : result;
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
