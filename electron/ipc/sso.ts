import { HubError } from '../../shared/api/hub-error';
import type { DesktopSso } from '../sso';
import type { ChannelActions } from './result';

export interface SsoDeps {
  /** electron/sso.ts; absent where main has no browser to open (tests of other channels) */
  sso?: DesktopSso;
}

const unavailable = () => new HubError({ status: 503, serverError: false, errors: [{ message: 'Single sign-on is not available in this window.' }] });

/** SSO sign-ins; like session:login they answer SessionState only (no token, no code). */
export function ssoActions(deps: SsoDeps): ChannelActions<'session:sso-oidc' | 'session:sso-ldap'> {
  return {
    'session:sso-oidc': () => {
      if (!deps.sso) throw unavailable();
      return deps.sso.oidc();
    },
    'session:sso-ldap': ({ username, password }) => {
      if (!deps.sso) throw unavailable();
      return deps.sso.ldap(username, password);
    },
  };
}
