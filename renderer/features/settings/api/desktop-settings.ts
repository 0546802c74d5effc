import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DesktopSettings, IpcPayload } from '../../../../shared/ipc';
import { invoke } from './settings';

// The desktop app's own switches, kept by Electron main (electron/ipc/desktop-settings.ts).

const KEY = ['desktop-settings'] as const;

export function useDesktopSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => invoke('desktop-settings:get') });
}

export function useSetDesktopSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: IpcPayload<'desktop-settings:set'>) => invoke('desktop-settings:set', change),
    onSuccess: (settings: DesktopSettings) => client.setQueryData(KEY, settings),
  });
}
