import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema } from '../../../../../shared/api/auth';
import { CSRF_HEADER } from '../../../../../shared/api/common';
import { HubError } from '../../../../../shared/api/hub-error';
import {
  oidcStartResponseSchema,
  ssoAdminResponseSchema,
  ssoLoginResponseSchema,
  ssoMethodsResponseSchema,
  type LdapLoginBody,
  type SsoAdminBody,
} from '../../../../../shared/api/sso';
import type { SessionState } from '../../../../../shared/ipc';
import { hubCall } from '../../../../lib/api';
import { hubBridge } from '../../../../lib/transport';
import type { SignInResult } from '../../../../lib/transport';
import { toHubError, unreachableError, unwrap } from '../../../../lib/transport/web';

// Single sign-on from the login page. On the desktop, main does the work (the
// system browser, the loopback listener, the token); on the web, the hub's callback sets the
// session cookie and sends the browser back to /login?sso=done.

export const SSO_KEY = ['auth', 'sso'] as const;

/** GET /auth/sso: which ways in the hub offers. */
export function useSsoMethods() {
  return useQuery({ queryKey: SSO_KEY, queryFn: () => hubCall(ssoMethodsResponseSchema.shape.data, 'GET', '/auth/sso'), staleTime: 60_000 });
}

function signedIn(state: SessionState): SignInResult {
  if (!state.user) throw new HubError({ status: 500, serverError: true, errors: [{ message: 'The hub did not return the signed-in user.' }] });
  return { user: state.user, firstLogin: state.firstLogin, passwordMustChange: state.passwordMustChange };
}

async function viaMain(channel: 'session:sso-oidc' | 'session:sso-ldap', payload?: LdapLoginBody): Promise<SignInResult> {
  const bridge = hubBridge();
  if (!bridge) throw unreachableError();
  const result = channel === 'session:sso-oidc' ? await bridge.invoke(channel) : await bridge.invoke(channel, payload);
  if (!result.ok) throw new HubError(result.error);
  return signedIn(result.data);
}

/**
 * Desktop: resolves once the person finished in the browser. Web: resolves with null as the page
 * leaves for the provider (the return trip lands on /login?sso=done).
 */
export function useOidcSignIn() {
  return useMutation({
    mutationFn: async (): Promise<SignInResult | null> => {
      if (hubBridge()) return viaMain('session:sso-oidc');
      const { authorizationUrl } = await hubCall(oidcStartResponseSchema.shape.data, 'POST', '/auth/oidc/start');
      window.location.assign(authorizationUrl);
      return null;
    },
  });
}

/** POST /auth/ldap. A wrong password is the form's error, not "your session ended", so no hubCall here. */
export function useLdapSignIn() {
  return useMutation({
    mutationFn: async (body: LdapLoginBody): Promise<SignInResult> => {
      if (hubBridge()) return viaMain('session:sso-ldap', body);
      let res: Response;
      try {
        res = await fetch('/api/auth/ldap', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: '1' },
          body: JSON.stringify(body),
          credentials: 'same-origin',
        });
      } catch {
        throw unreachableError();
      }
      const json: unknown = await res.json().catch(() => null);
      if (!res.ok) throw toHubError(res.status, json);
      // the access token is dropped: in the browser the HttpOnly cookie is the session
      const { user, firstLogin, passwordMustChange } = ssoLoginResponseSchema.shape.data.parse(unwrap(json));
      return { user, firstLogin, passwordMustChange };
    },
  });
}

/** Back from the provider with the cookie set: who signed in. */
export const fetchSignedInUser = () => hubCall(meResponseSchema.shape.data, 'GET', '/auth/me');

export function useSsoAdmin() {
  return useQuery({ queryKey: [...SSO_KEY, 'admin'], queryFn: () => hubCall(ssoAdminResponseSchema.shape.data, 'GET', '/admin/sso') });
}

export function useSetLocalPasswords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoAdminBody) => hubCall(ssoAdminResponseSchema.shape.data, 'PUT', '/admin/sso', { body }),
    onSuccess: (data) => {
      client.setQueryData([...SSO_KEY, 'admin'], data);
      void client.invalidateQueries({ queryKey: SSO_KEY, exact: true });
    },
  });
}
