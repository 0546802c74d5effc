import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retentionRunResponseSchema, retentionRunsResponseSchema, retentionSettingsResponseSchema, type RetentionBody } from '../../../../shared/api/retention';
import { retentionRunText } from '../../../../shared/rules/retention';
import { hubCall } from '../../../lib/api';
import { useNotify } from '../../../lib/toast';
import { AUDIT_KEY, useAdminMutation } from './admin-mutation';

// Admin → Retention: the periods, and what the scheduled job's last runs removed.

const SETTINGS_KEY = ['admin', 'retention', 'periods'] as const;
const RUNS_KEY = ['admin', 'retention', 'runs'] as const;
const settings = retentionSettingsResponseSchema.shape.data;

export function useRetention() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => hubCall(settings, 'GET', '/admin/retention') });
}

export function useRetentionRuns() {
  return useQuery({ queryKey: RUNS_KEY, queryFn: () => hubCall(retentionRunsResponseSchema.shape.data, 'GET', '/admin/retention/runs') });
}

/** Run now: the periods applied at once; the toast says what the run did. */
export function useRunRetention() {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  return useMutation({
    mutationFn: () => hubCall(retentionRunResponseSchema.shape.data, 'POST', '/admin/retention/runs'),
    onSuccess: async ({ run }) => {
      success(retentionRunText(run.removed, run.reminded));
      await Promise.all([RUNS_KEY, AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export function useSaveRetention() {
  return useAdminMutation((body: RetentionBody) => hubCall(settings, 'PUT', '/admin/retention', { body }), { toast: 'Retention periods saved', invalidate: [SETTINGS_KEY] });
}
