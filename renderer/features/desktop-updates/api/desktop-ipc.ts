import { HubError } from '../../../../shared/api/hub-error';
import type { IpcChannel, IpcPayload, IpcResults } from '../../../../shared/ipc';
import { hubBridge } from '../../../lib/transport';

// Updates and the version check are the desktop app's own, so they go to Electron main directly
// rather than through the hub transport (as Settings do).
export async function invokeMain<C extends IpcChannel>(channel: C, payload?: IpcPayload<C>): Promise<IpcResults[C]> {
  const bridge = hubBridge();
  if (!bridge) throw new HubError({ status: 404, serverError: false, errors: [{ message: 'Only the desktop app updates itself.' }] });
  const result = await bridge.invoke(channel, payload);
  if (!result.ok) throw new HubError(result.error);
  return result.data;
}
