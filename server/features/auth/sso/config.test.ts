import { describe, expect, it } from 'vitest';
import { allowedRedirectUri, ssoConfigFromEnv } from './config';

describe('ssoConfigFromEnv (README, Single sign-on)', () => {
  it('nothing set: no SSO, the bootstrap admin is admin, new users get User', () => {
    expect(ssoConfigFromEnv({})).toMatchObject({ oidc: null, ldap: null, bootstrapAdmin: 'admin', defaultRole: 'User' });
  });

  it('reads OIDC and LDAP with their defaults', () => {
    const config = ssoConfigFromEnv({
      HUB_OIDC_ISSUER: 'https://id.example.com/',
      HUB_OIDC_CLIENT_ID: 'hub',
      HUB_OIDC_REDIRECT_URIS: 'https://hub.example.com/api/auth/oidc/callback, https://hub2.example.com/api/auth/oidc/callback',
      HUB_LDAP_URL: 'ldaps://ldap.example.com',
      HUB_LDAP_SEARCH_BASE: 'ou=people,dc=example,dc=com',
      HUB_ADMIN_USERNAME: 'root',
    });
    expect(config.oidc).toMatchObject({ issuer: 'https://id.example.com', clientId: 'hub', clientSecret: undefined, providerName: 'your company account', allowLoopback: true, scopes: 'openid email profile' });
    expect(config.oidc?.redirectUris).toHaveLength(2);
    expect(config.ldap).toMatchObject({ url: 'ldaps://ldap.example.com', searchFilter: '(uid={username})', emailAttribute: 'mail', nameAttribute: 'cn', usernameAttribute: 'uid' });
    expect(config.bootstrapAdmin).toBe('root');
  });

  it.each([
    [{ HUB_OIDC_ISSUER: 'http://id.example.com', HUB_OIDC_CLIENT_ID: 'x' }, /https/],
    [{ HUB_OIDC_ISSUER: 'https://id.example.com' }, /HUB_OIDC_CLIENT_ID/],
    [{ HUB_OIDC_ISSUER: 'not a url', HUB_OIDC_CLIENT_ID: 'x' }, /HUB_OIDC_ISSUER must be a URL/],
    [{ HUB_LDAP_URL: 'ldap://x' }, /HUB_LDAP_BIND_DN/],
    [{ HUB_LDAP_URL: 'ldap://x', HUB_LDAP_BIND_DN: 'uid=fixed,dc=x' }, /\{username\}/],
    [{ HUB_LDAP_URL: 'http://x', HUB_LDAP_BIND_DN: 'uid={username}' }, /ldap:\/\//],
  ])('a bad setting stops the hub with the variable named: %o', (env, message) => {
    expect(() => ssoConfigFromEnv(env)).toThrow(message);
  });
});

describe('allowedRedirectUri', () => {
  const oidc = ssoConfigFromEnv({ HUB_OIDC_ISSUER: 'https://id.example.com', HUB_OIDC_CLIENT_ID: 'hub' }).oidc!;
  const own = 'https://hub.example.com/api/auth/oidc/callback';

  it('the web default is the hub\'s own callback; the desktop\'s loopback on any port is allowed', () => {
    expect(allowedRedirectUri(oidc, undefined, own)).toBe(own);
    expect(allowedRedirectUri(oidc, 'http://127.0.0.1:49152/callback', own)).toBe('http://127.0.0.1:49152/callback');
  });

  it('refuses other sites, https or other paths on loopback, and query strings', () => {
    for (const uri of ['https://evil.example/callback', 'https://127.0.0.1:5000/callback', 'http://127.0.0.1:5000/other', 'http://127.0.0.1:5000/callback?x=1', 'http://localhost.evil.example/callback']) {
      expect(allowedRedirectUri(oidc, uri, own)).toBeNull();
    }
    expect(allowedRedirectUri({ ...oidc, allowLoopback: false }, 'http://127.0.0.1:49152/callback', own)).toBeNull();
  });
});
