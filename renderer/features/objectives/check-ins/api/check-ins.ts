import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkInListResponseSchema, checkInResponseSchema, type CheckInCreate } from '../../../../../shared/api/check-ins';
import { hubCall } from '../../../../lib/api';
import { OBJECTIVE_KEY } from '../../api/objectives';

// issue 11 §1: GET/POST /key-result/:id/check-ins. Kept under the objective key, so every
// objective change (a completion adds the final check-in) refreshes the histories too.

export const checkInsKey = (keyResultId: number) => [...OBJECTIVE_KEY, 'check-ins', keyResultId] as const;

export function useCheckIns(keyResultId: number) {
  return useQuery({
    queryKey: checkInsKey(keyResultId),
    queryFn: () => hubCall(checkInListResponseSchema.shape.data, 'GET', `/key-result/${keyResultId}/check-ins`),
  });
}

export function useCreateCheckIn(keyResultId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInCreate) => hubCall(checkInResponseSchema.shape.data, 'POST', `/key-result/${keyResultId}/check-ins`, { body }),
    // the objective's progress moves with the new check-in
    onSuccess: () => client.invalidateQueries({ queryKey: OBJECTIVE_KEY }),
  });
}
