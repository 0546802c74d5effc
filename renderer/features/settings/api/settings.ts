import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HubError } from '../../../../shared/api/hub-error';
import type { HubSettings, IpcChannel, IpcPayload, IpcResults } from '../../../../shared/ipc';
import { hubBridge } from '../../../lib/transport';

// Settings are the desktop app's own (which hub to talk to), so they go to Electron main
// directly rather than through the hub transport.

export async function invoke<C extends IpcChannel>(channel: C, payload?: IpcPayload<C>): Promise<IpcResults[C]> {
  const bridge = hubBridge();
  if (!bridge) throw new HubError({ status: 404, serverError: false, errors: [{ message: 'Settings exist only in the desktop app.' }] });
  const result = await bridge.invoke(channel, payload);
  if (!result.ok) throw new HubError(result.error);
  return result.data;
}

const KEY = ['settings'] as const;

export function useHubSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => invoke('settings:get') });
}

export function useSetHubUrl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hubUrl: string | null) => invoke('settings:set-hub-url', { hubUrl }),
    onSuccess: (settings: HubSettings) => client.setQueryData(KEY, settings),
  });
}
