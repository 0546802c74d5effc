import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passwordResetResponseSchema } from '../../../../shared/api/passwords';
import { hubCall } from '../../../lib/api';
import { AUDIT_KEY } from './admin-mutation';

/** POST /admin/users/:id/password-reset; the answer holds the one-time password, shown once. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => hubCall(passwordResetResponseSchema.shape.data, 'POST', `/admin/users/${userId}/password-reset`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  });
}
