import { useMutation } from '@tanstack/react-query';
import { keyResultRemovedResponseSchema, keyResultResponseSchema, type KeyResultCreate, type KeyResultUpdate } from '../../../../shared/api/key-results';
import { hubCall } from '../../../lib/api';
import { isStale, useRefresh } from './objectives';

// spec §7: POST /objective/{objectiveEntityId} (new key result), GET, PUT and DELETE /key-result.

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
    // a stale edit: the screens behind show what the other person changed (the hub's message stays)
    onError: (error) => void (isStale(error) && refresh()),
  });
}

export function useDeleteKeyResult() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => hubCall(keyResultRemovedResponseSchema.shape.data, 'DELETE', `/key-result/${id}`),
    onSuccess: refresh,
  });
}

/** After a 409 (docs/api.md 'Versions and 409'): the key result as it stands now, and the objective views refreshed. */
export function useReloadKeyResult() {
  const refresh = useRefresh();
  return async (id: number) => {
    const fresh = await hubCall(keyResultResponseSchema.shape.data, 'GET', `/key-result/${id}`);
    void refresh();
    return fresh;
  };
}
