import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify } from '../../../lib/toast';

/** Every admin change is in the audit log, so its list is stale after any of them. */
export const AUDIT_KEY = ['audit'] as const;

/**
 * spec §4/§8: a successful create, update, delete or restore shows its toast and reloads the
 * lists it touched. A failure is shown once, by the dialog the change was made in (by its field,
 * or above the buttons), never also as a toast (else 'Action denied…' shows twice).
 */
export function useAdminMutation<TVars, TResult>(
  call: (vars: TVars) => Promise<TResult>,
  options: { toast: string; invalidate: QueryKey[] },
) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      success(options.toast);
      await Promise.all([...options.invalidate, AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
