import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkInListResponseSchema, checkInResponseSchema, type CheckInCreate } from '../../../../../shared/api/check-ins';
import { checkInWhat } from '../../../../../shared/rules/queued-writes';
import { hubCall } from '../../../../lib/api';
import { fetchOrCached, useOffline } from '../../../../lib/offline';
import { sendOrQueue } from '../../../../lib/offline-writes';
import { OBJECTIVE_KEY } from '../../api/objectives';
import { objectivesOffline } from '../../offline';

// GET/POST /key-result/:id/check-ins. Kept under the objective key, so every
// objective change (a completion adds the final check-in) refreshes the histories too.

export const checkInsKey = (keyResultId: number) => [...OBJECTIVE_KEY, 'check-ins', keyResultId] as const;

export function useCheckIns(keyResultId: number) {
  const queryKey = checkInsKey(keyResultId);
  return useQuery({
    queryKey,
    // kept with the objective, so its check-in form is there offline on the desktop
    queryFn: () => fetchOrCached(queryKey, () => hubCall(checkInListResponseSchema.shape.data, 'GET', `/key-result/${keyResultId}/check-ins`)),
    ...objectivesOffline(),
  });
}

/**
 * A new check-in. On the desktop, with the hub away, it is kept on this computer and
 * sent when the hub is back ({ queued: true }); on the web the form is not offered offline.
 */
export function useCreateCheckIn(keyResult: { id: number; title: string }) {
  const client = useQueryClient();
  const offline = useOffline();
  const path = `/key-result/${keyResult.id}/check-ins`;
  return useMutation({
    mutationFn: (body: CheckInCreate) =>
      sendOrQueue(offline, () => hubCall(checkInResponseSchema.shape.data, 'POST', path, { body }), {
        what: checkInWhat(keyResult.title),
        method: 'POST',
        path,
        body,
      }),
    // the objective's progress moves with the new check-in
    onSuccess: (result) => (result.queued ? undefined : client.invalidateQueries({ queryKey: OBJECTIVE_KEY })),
  });
}
