import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approvalDecisionResponseSchema,
  approvalsResponseSchema,
  completionApprovalResponseSchema,
  type CompletionApprovalBody,
} from '../../../../shared/api/approvals';
import { hubCall } from '../../../lib/api';
import { OBJECTIVE_KEY } from './objectives';

// design §4 approvals calls.

export function useApprovals() {
  return useQuery({
    queryKey: [...OBJECTIVE_KEY, 'approvals'],
    queryFn: () => hubCall(approvalsResponseSchema.shape.data, 'GET', '/objective/approvals'),
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
