import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectedVersionsResponseSchema, DESKTOP_UPLOAD_FIELD, desktopPlatformReleaseResponseSchema, desktopReleasesResponseSchema,
  desktopUploadResponseSchema, type DesktopPlatform,
} from '../../../../shared/api/desktop';
import { hubCall } from '../../../lib/api';
import { getTransport } from '../../../lib/transport';
import { AUDIT_KEY, useAdminMutation } from './admin-mutation';

// Admin → Desktop app: the releases the hub serves, the required mark, uploads, and
// the app versions signed in now.

export const DESKTOP_RELEASES_KEY = ['desktop', 'releases'] as const;
const CONNECTED_KEY = ['desktop', 'connected-versions'] as const;
const marked = desktopPlatformReleaseResponseSchema.shape.data;

export function useDesktopReleases() {
  return useQuery({ queryKey: DESKTOP_RELEASES_KEY, queryFn: () => hubCall(desktopReleasesResponseSchema.shape.data, 'GET', '/desktop/releases') });
}

export function useConnectedVersions() {
  return useQuery({ queryKey: CONNECTED_KEY, queryFn: () => hubCall(connectedVersionsResponseSchema.shape.data, 'GET', '/desktop/connected-versions') });
}

export interface RequiredChange {
  platform: DesktopPlatform;
  /** null takes the mark away */
  version: string | null;
}

export function useSetRequired() {
  return useAdminMutation(
    ({ platform, version }: RequiredChange) => (version === null
      ? hubCall(marked, 'DELETE', `/desktop/releases/${platform}/required`)
      : hubCall(marked, 'PUT', `/desktop/releases/${platform}/required`, { body: { version } })),
    { toast: 'Successful', invalidate: [DESKTOP_RELEASES_KEY] },
  );
}

/** Whether this window can upload releases: the web page can; the desktop bridge carries 5 MB at most. */
export const canUploadReleases = () => typeof getTransport().uploadFiles === 'function';

export function useUploadRelease(onProgress: (sent: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const transport = getTransport();
      if (!transport.uploadFiles) throw new Error('Upload releases from the hub’s web page.');
      const answer = await transport.uploadFiles('/desktop/releases', { fieldName: DESKTOP_UPLOAD_FIELD, files, onProgress });
      return desktopUploadResponseSchema.shape.data.parse(answer);
    },
    onSuccess: () => Promise.all([DESKTOP_RELEASES_KEY, AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
