import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '../../../../shared/api/auth';
import { getTransport } from '../../../lib/transport';

/** POST /auth/login through whichever transport runs; the token never comes back to the page. */
export function useSignIn() {
  return useMutation({ mutationFn: (credentials: LoginBody) => getTransport().signIn(credentials) });
}
