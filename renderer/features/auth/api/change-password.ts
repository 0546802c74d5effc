import { useMutation, useQuery } from '@tanstack/react-query';
import { passwordChangedResponseSchema, passwordStatusResponseSchema, type ChangePasswordBody } from '../../../../shared/api/passwords';
import { hubCall } from '../../../lib/api';

export const PASSWORD_STATUS_KEY = ['auth', 'password'] as const;

/** GET /auth/password: whether the person has a hub password to change (not when they sign in through SSO only). */
export function usePasswordStatus() {
  return useQuery({ queryKey: PASSWORD_STATUS_KEY, queryFn: () => hubCall(passwordStatusResponseSchema.shape.data, 'GET', '/auth/password') });
}

/** POST /auth/password: the current password and the new one; the hub ends every other session. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => hubCall(passwordChangedResponseSchema.shape.data, 'POST', '/auth/password', { body }) });
}
