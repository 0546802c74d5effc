import { useMutation } from '@tanstack/react-query';
import { meResponseSchema, type ConfirmInfoBody } from '../../../../shared/api/auth';
import { hubCall } from '../../../lib/api';

/** 'Confirm your information': POST /auth/confirm-info; the hub answers with the updated user. */
export function useConfirmInfo() {
  return useMutation({ mutationFn: (body: ConfirmInfoBody) => hubCall(meResponseSchema.shape.data, 'POST', '/auth/confirm-info', { body }) });
}
