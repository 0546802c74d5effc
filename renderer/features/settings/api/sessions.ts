import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ownSessionsResponseSchema, sessionsEndedResponseSchema } from '../../../../shared/api/sessions';
import { hubCall } from '../../../lib/api';

// Settings → Sessions: the signed-in person's own sessions on the hub.

export const SESSIONS_KEY = ['auth', 'sessions'] as const;

export function useOwnSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => hubCall(ownSessionsResponseSchema.shape.data, 'GET', '/auth/sessions') });
}

/** DELETE /auth/sessions/:id ('Sign out' on one), or DELETE /auth/sessions ('Sign out everywhere else'). */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: number } | 'others') =>
      hubCall(sessionsEndedResponseSchema.shape.data, 'DELETE', which === 'others' ? '/auth/sessions' : `/auth/sessions/${which.id}`),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
