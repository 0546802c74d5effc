import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approvalDecisionResponseSchema,
  approvalsCountResponseSchema,
  approvalsResponseSchema,
  completionApprovalResponseSchema,
  type CompletionApprovalBody,
} from '../../../../shared/api/approvals';
import { NOTIFICATION_POLL_MS } from '../../../../shared/api/notifications';
import { hubCall } from '../../../lib/api';
import { REFRESH_ON_PUSH } from '../../../lib/live/push-refresh';
import { OBJECTIVE_KEY } from './objectives';

// design §4 approvals calls.

export function useApprovals() {
  return useQuery({
    queryKey: [...OBJECTIVE_KEY, 'approvals'],
    queryFn: () => hubCall(approvalsResponseSchema.shape.data, 'GET', '/objective/approvals'),
    // a request that arrives while the page is open shows up on it
    meta: REFRESH_ON_PUSH,
  });
}

/**
 * How many requests wait for this approver (the area navigation's Approvals entry). Under the
 * objectives key, so every decision made here refreshes it with the list; a request that arrives
 * is a notification, whose push refreshes it (REFRESH_ON_PUSH); one decided by another approver
 * tells nobody else, so the bell's poll interval catches that.
 */
export function useApprovalsWaiting(enabled: boolean) {
  return useQuery({
    queryKey: [...OBJECTIVE_KEY, 'approvals', 'count'],
    queryFn: () => hubCall(approvalsCountResponseSchema.shape.data, 'GET', '/objective/approvals/count'),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    meta: REFRESH_ON_PUSH,
  });
}

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      hubCall(approvalDecisionResponseSchema.shape.data, 'POST', `/objective/${id}/approval`, { body: { decision } }),
    onSuccess: () => client.invalidateQueries({ queryKey: OBJECTIVE_KEY }),
  });
}

export function useApproveCompletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompletionApprovalBody) => hubCall(completionApprovalResponseSchema.shape.data, 'POST', '/approval', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: OBJECTIVE_KEY }),
  });
}
