import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keyResultRemovedResponseSchema, keyResultResponseSchema, type KeyResultCreate, type KeyResultUpdate } from '../../../../shared/api/key-results';
import { hubCall } from '../../../lib/api';
import { OBJECTIVE_KEY } from './objectives';

// spec §7: POST /objective/{objectiveEntityId} (new key result), PUT and DELETE /key-result.

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: OBJECTIVE_KEY });
}

export function useCreateKeyResult() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ objectiveId, ...body }: KeyResultCreate & { objectiveId: number }) =>
      hubCall(keyResultResponseSchema.shape.data, 'POST', `/objective/${objectiveId}`, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateKeyResult() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: KeyResultUpdate & { id: number }) => hubCall(keyResultResponseSchema.shape.data, 'PUT', `/key-result/${id}`, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteKeyResult() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => hubCall(keyResultRemovedResponseSchema.shape.data, 'DELETE', `/key-result/${id}`),
    onSuccess: refresh,
  });
}
