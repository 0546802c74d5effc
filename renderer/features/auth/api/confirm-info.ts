import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ConfirmInfoBody } from '../../../../shared/api/auth';
import { hubCall } from '../../../lib/api';

/** 'Confirm your information': POST /auth/confirm-info with the (possibly corrected) details. */
export function useConfirmInfo() {
  return useMutation({ mutationFn: (body: ConfirmInfoBody) => hubCall(z.unknown(), 'POST', '/auth/confirm-info', { body }) });
}
