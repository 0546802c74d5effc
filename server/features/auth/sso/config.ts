import { isLoopbackCallback } from '../../../../shared/api/sso';
import { ROLE_USER } from '../../../../shared/rules/roles';

// Single sign-on is configured on the hub (environment, README "Single
// sign-on"); only 'local passwords enabled' is a setting an admin changes at run time.

export interface OidcConfig {
  /** the issuer URL; discovery reads {issuer}/.well-known/openid-configuration */
  issuer: string;
  clientId: string;
  /** absent: a public client (PKCE alone) */
  clientSecret?: string;
  /** 'Sign in with {providerName}' on the login page */
  providerName: string;
  /**
   * Redirect URIs registered at the provider for the web callback; the first is used when the
   * browser starts a sign-in. Empty: {hub origin}/api/auth/oidc/callback, from the request.
   */
  redirectUris: string[];
  /** the desktop app's loopback redirect http://127.0.0.1:{any port}/callback (RFC 8252) */
  allowLoopback: boolean;
  scopes: string;
}

export interface LdapConfig {
  /** ldap:// or ldaps:// */
  url: string;
  /** 'uid={username},ou=people,dc=example,dc=org': bind directly as the person */
  bindDnTemplate?: string;
  /** or find the person first: under searchBase with searchFilter ('(uid={username})') */
  searchBase?: string;
  searchFilter: string;
  /** a service account for the search; absent: an anonymous search */
  searchBindDn?: string;
  searchBindPassword?: string;
  emailAttribute: string;
  nameAttribute: string;
  usernameAttribute: string;
  /** the login page's tab name */
  label: string;
  timeoutMs: number;
}

export interface SsoConfig {
  oidc: OidcConfig | null;
  ldap: LdapConfig | null;
  /** keeps local sign-in when an admin turns local passwords off, so nobody is locked out */
  bootstrapAdmin: string;
  /** the role of a user created by their first SSO sign-in */
  defaultRole: string;
  /** how long a started OIDC sign-in may take */
  flowTtlMs: number;
}

export const DEFAULT_FLOW_TTL_MS = 10 * 60 * 1000;

export const NO_SSO: SsoConfig = { oidc: null, ldap: null, bootstrapAdmin: 'admin', defaultRole: ROLE_USER, flowTtlMs: DEFAULT_FLOW_TTL_MS };

declare module 'fastify' {
  interface FastifyInstance {
    /** single sign-on configuration (server/features/auth/sso/config.ts) */
    sso: SsoConfig;
  }
}

const isLoopbackHost = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

function checkUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL, not '${value}'`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return value.replace(/\/+$/, '');
}

/**
 * The SSO part of the hub's environment. Throws with the variable's name on a bad value, so a
 * misconfigured hub stops at start instead of failing people's sign-ins later.
 */
export function ssoConfigFromEnv(env: NodeJS.ProcessEnv): SsoConfig {
  const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  let oidc: OidcConfig | null = null;
  if (env.HUB_OIDC_ISSUER) {
    const issuer = checkUrl('HUB_OIDC_ISSUER', env.HUB_OIDC_ISSUER, ['https:', 'http:']);
    // Plain http only to a provider on this machine (development, tests): tokens cross that link.
    if (new URL(issuer).protocol === 'http:' && !isLoopbackHost(new URL(issuer).hostname)) throw new Error('HUB_OIDC_ISSUER must use https:// (http:// only for a provider on this machine)');
    if (!env.HUB_OIDC_CLIENT_ID) throw new Error('HUB_OIDC_CLIENT_ID is required with HUB_OIDC_ISSUER');
    const redirectUris = list(env.HUB_OIDC_REDIRECT_URIS).map((uri) => checkUrl('HUB_OIDC_REDIRECT_URIS', uri, ['https:', 'http:']));
    oidc = {
      issuer,
      clientId: env.HUB_OIDC_CLIENT_ID,
      clientSecret: env.HUB_OIDC_CLIENT_SECRET || undefined,
      providerName: env.HUB_OIDC_PROVIDER_NAME || 'your company account',
      redirectUris,
      allowLoopback: env.HUB_OIDC_LOOPBACK !== '0',
      scopes: env.HUB_OIDC_SCOPES || 'openid email profile',
    };
  }
  let ldap: LdapConfig | null = null;
  if (env.HUB_LDAP_URL) {
    const url = checkUrl('HUB_LDAP_URL', env.HUB_LDAP_URL, ['ldap:', 'ldaps:']);
    const bindDnTemplate = env.HUB_LDAP_BIND_DN || undefined;
    const searchBase = env.HUB_LDAP_SEARCH_BASE || undefined;
    if (!bindDnTemplate && !searchBase) throw new Error('HUB_LDAP_URL needs HUB_LDAP_BIND_DN (a DN with {username}) or HUB_LDAP_SEARCH_BASE');
    if (bindDnTemplate && !bindDnTemplate.includes('{username}')) throw new Error('HUB_LDAP_BIND_DN must contain {username}');
    const searchFilter = env.HUB_LDAP_SEARCH_FILTER || '(uid={username})';
    if (!searchFilter.includes('{username}')) throw new Error('HUB_LDAP_SEARCH_FILTER must contain {username}');
    ldap = {
      url,
      bindDnTemplate,
      searchBase,
      searchFilter,
      searchBindDn: env.HUB_LDAP_SEARCH_BIND_DN || undefined,
      searchBindPassword: env.HUB_LDAP_SEARCH_BIND_PASSWORD || undefined,
      emailAttribute: env.HUB_LDAP_EMAIL_ATTRIBUTE || 'mail',
      nameAttribute: env.HUB_LDAP_NAME_ATTRIBUTE || 'cn',
      usernameAttribute: env.HUB_LDAP_USERNAME_ATTRIBUTE || 'uid',
      label: env.HUB_LDAP_LABEL || 'Company directory',
      timeoutMs: 10_000,
    };
  }
  return {
    oidc,
    ldap,
    bootstrapAdmin: env.HUB_ADMIN_USERNAME || 'admin',
    defaultRole: env.HUB_SSO_DEFAULT_ROLE || ROLE_USER,
    flowTtlMs: DEFAULT_FLOW_TTL_MS,
  };
}

/** A redirect URI the hub may name in an authorization request, or null when it may not. */
export function allowedRedirectUri(config: OidcConfig, requested: string | undefined, ownCallback: string): string | null {
  if (requested === undefined) return config.redirectUris[0] ?? ownCallback;
  if (config.redirectUris.includes(requested) || (config.redirectUris.length === 0 && requested === ownCallback)) return requested;
  return config.allowLoopback && isLoopbackCallback(requested) ? requested : null;
}
