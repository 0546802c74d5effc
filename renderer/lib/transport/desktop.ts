import { HubError } from '../../../shared/api/hub-error';
import type { HubBridge, IpcChannel, IpcPayload, IpcResults } from '../../../shared/ipc';
import { listenerSet } from './listeners';
import type { Transport } from './types';

/**
 * Desktop transport: everything goes through preload's window.hub. Main holds the token,
 * converts keys (snake_case on the wire) and unwraps `data`; here we only turn `{ok:false}`
 * results back into HubErrors.
 */
export function createDesktopTransport(bridge: HubBridge): Transport {
  const unauthorized = listenerSet();
  // Main announces the end itself (token cleared there); a 401 result we see is the same event.
  bridge.onSessionEnded(() => unauthorized.emit());

  async function call<C extends IpcChannel>(channel: C, payload: IpcPayload<C>, announce401 = true): Promise<IpcResults[C]> {
    const result = await bridge.invoke(channel, payload);
    if (result.ok) return result.data;
    if (result.error.status === 401 && announce401) unauthorized.emit();
    throw new HubError(result.error);
  }

  return {
    kind: 'desktop',
    request: (method, path, opts = {}) => call('hub:request', { method, path, query: opts.query, body: opts.body }),
    async signIn(credentials) {
      const state = await call('session:login', credentials, false);
      if (!state.user) throw new HubError({ status: 500, serverError: true, errors: [{ message: 'The hub did not return the signed-in user.' }] });
      return { user: state.user, firstLogin: state.firstLogin };
    },
    async signOut() {
      try {
        await call('session:logout', undefined, false);
      } catch {
        // the local session ends regardless
      }
    },
    async download(hubPath, suggestedName) {
      try {
        const saved = await call('file:save', { suggestedName, hubPath });
        return saved.status === 'saved' ? { status: 'saved' } : saved;
      } catch (error) {
        return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
    },
    onUnauthorized: unauthorized.add,
  };
}
