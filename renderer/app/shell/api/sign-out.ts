import { useMutation } from '@tanstack/react-query';
import { endSession } from '../../../lib/session/session';
import { getTransport } from '../../../lib/transport';

/** Logout: tell the hub (best effort), then end the session here exactly like a 401 would. */
export function useSignOut() {
  return useMutation({
    mutationFn: () => getTransport().signOut(),
    onSettled: () => endSession(),
  });
}
