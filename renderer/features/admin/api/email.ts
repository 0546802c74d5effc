import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emailStatusResponseSchema, emailTestResponseSchema, EMAIL_TEXT, outboxResendResponseSchema } from '../../../../shared/api/email';
import { errorText, hubCall } from '../../../lib/api';
import { useNotify } from '../../../lib/toast';

// Admin → E-mail: the relay and the outbox, the test e-mail, a failed message's resend.

const STATUS_KEY = ['admin', 'email'] as const;

export function useEmailStatus() {
  // the outbox moves while the tab is open: the counts follow it
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => hubCall(emailStatusResponseSchema.shape.data, 'GET', '/admin/email'), refetchInterval: 10_000 });
}

/** The toast says what the relay did with the message, in words. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  const { success, failure } = useNotify();
  return useMutation({
    mutationFn: () => hubCall(emailTestResponseSchema.shape.data, 'POST', '/admin/email/test'),
    onSuccess: async ({ message }) => {
      const to = message.to ?? '';
      if (message.status === 'sent') success(EMAIL_TEXT.testSent(to));
      else failure(message.status === 'failed' ? EMAIL_TEXT.testFailed(to, message.error ?? '') : EMAIL_TEXT.testQueued(to, message.error ?? ''));
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
    onError: (error) => failure(errorText(error)),
  });
}

export function useResendEmail() {
  const queryClient = useQueryClient();
  const { success, failure } = useNotify();
  return useMutation({
    mutationFn: (id: number) => hubCall(outboxResendResponseSchema.shape.data, 'POST', `/admin/email/outbox/${id}/resend`),
    onSuccess: async () => {
      success(EMAIL_TEXT.resent);
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
    onError: (error) => failure(errorText(error)),
  });
}
