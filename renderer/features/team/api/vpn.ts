import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { vpnDeletedResponseSchema, vpnExistsResponseSchema, vpnSavedResponseSchema } from '../../../../shared/api/people-files';
import { hubCall } from '../../../lib/api';
import { uploadFile } from './upload';

// spec §7 VPN calls, exactly as named there.
const existsKey = (dotted: string) => ['user', 'vpn', dotted] as const;

export function useVpnExists(dotted: string) {
  return useQuery({ queryKey: existsKey(dotted), queryFn: () => hubCall(vpnExistsResponseSchema.shape.data, 'GET', `/user/exists/${encodeURIComponent(dotted)}`) });
}

export function useUploadVpn(dotted: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      return vpnSavedResponseSchema.shape.data.parse(await uploadFile('POST', '/user/upload-file', { fieldName: 'file', file, fileName: file.name }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: existsKey(dotted) }),
  });
}

export function useDeleteVpn(dotted: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => hubCall(vpnDeletedResponseSchema.shape.data, 'DELETE', `/user/delete-file/${encodeURIComponent(dotted)}.ovpn`),
    onSuccess: () => client.invalidateQueries({ queryKey: existsKey(dotted) }),
  });
}
