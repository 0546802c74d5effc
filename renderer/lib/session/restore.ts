import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { meResponseSchema } from '../../../shared/api/auth';
import { hubCall } from '../api';
import { appStore } from '../store';
import { firstLoginAtom, passwordMustChangeAtom, userAtom } from './session';

const meSchema = meResponseSchema.shape.data;

/**
 * spec §4: on a restart the stored user is restored at once (no blank screen) and then confirmed
 * with GET /auth/me; the fresh answer replaces it, and a 401 ends the session through the
 * transport like any other call.
 */
export function useConfirmSession(): void {
  const user = useAtomValue(userAtom);
  const signedIn = user !== null;
  const me = useQuery({
    queryKey: ['auth', 'me'],
    queryFn: () => hubCall(meSchema, 'GET', '/auth/me'),
    enabled: signedIn,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (!me.data) return;
    appStore.set(userAtom, me.data.user);
    // Only ever lowers the flag: the stepper finishing locally must not be undone by a stale answer.
    if (!me.data.firstLogin) appStore.set(firstLoginAtom, false);
    if (!me.data.passwordMustChange) appStore.set(passwordMustChangeAtom, false);
  }, [me.data]);
}
