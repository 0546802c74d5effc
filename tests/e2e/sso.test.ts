import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { NO_SSO, type SsoConfig } from '../../server/features/auth/sso/config';
import { SSO_MESSAGES } from '../../shared/api/sso';
import { PASSWORD_MESSAGES } from '../../shared/rules/messages';
import type { BrowserSession } from '../support/browser';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { startTestHub, type TestHub } from '../support/hub';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { PEOPLE_DN, startSlapd, type TestSlapd } from '../support/slapd';
import { DEMO_USERS, fillLogin, reachShell, signIn, useBrowser } from './helpers';

// Single sign-on in Chromium: signing in through the provider's own pages and through the
// directory tab, and the admin's 'local passwords' switch. This file runs its own hub with SSO
// configured (the shared e2e hub has none), serving the same web build.

const browser = useBrowser();
let provider: TestOidcProvider;
let slapd: TestSlapd;
let hub: TestHub;
let memberEmail = '';

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: ['http://127.0.0.1/api/auth/oidc/callback'], accounts: {} });
  slapd = await startSlapd([{ uid: 'dana.ldap', password: 'dana-secret', mail: 'dana.ldap@company.test', cn: 'Dana Directory' }]);
  const sso: SsoConfig = {
    ...NO_SSO,
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, providerName: 'Bitstone ID', redirectUris: [], allowLoopback: true, scopes: 'openid email profile' },
    ldap: { url: slapd.url, bindDnTemplate: `uid={username},${PEOPLE_DN}`, searchFilter: '(uid={username})', emailAttribute: 'mail', nameAttribute: 'cn', usernameAttribute: 'uid', label: 'Bitstone directory', timeoutMs: 5000 },
  };
  hub = await startTestHub({ seed: 'demo', webRoot: WEB_ROOT, sso });
  [{ email: memberEmail }] = (await hub.db.select({ email: users.email }).from(users).where(sql`${users.username} = 'member'`)) as { email: string }[];
});
afterAll(async () => {
  await hub?.close();
  await slapd?.stop();
  await provider?.stop();
});

/** A session on this file's hub; the provider's own page asks for a web font it cannot reach here, so only the hub's pages' errors count. */
const withSession = (test: (s: BrowserSession) => Promise<void>) =>
  browser.withSession(async (s) => {
    await test(s);
    expect(s.errors.filter((e) => e.includes(hub.url))).toEqual([]);
  }, { url: hub.url });

describe('Sign in with the identity provider (OpenID Connect)', () => {
  it('the provider\'s pages, then back in the hub as the person with the same email', () =>
    withSession(async ({ page }) => {
      provider.accounts.set('elena.idp', { email: memberEmail.toUpperCase(), name: 'Elena at the IdP' });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in with Bitstone ID' }).click();
      await page.waitForURL((url) => url.origin === provider.issuer);
      await page.locator('input[name="login"]').fill('elena.idp');
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click(); // the provider's consent
      await page.waitForURL((url) => url.origin === hub.url);
      await reachShell(page, DEMO_USERS.member.name);
    }));

  it('a sign-in cancelled at the provider comes back to the login page with the message', () =>
    withSession(async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in with Bitstone ID' }).click();
      await page.waitForURL((url) => url.origin === provider.issuer);
      await page.getByRole('link', { name: '[ Cancel ]' }).click();
      await page.waitForURL((url) => url.origin === hub.url && url.pathname === '/login');
      await expect.poll(() => page.getByTestId('sso-error').textContent()).toBe(SSO_MESSAGES.denied);
    }));
});

describe('the company directory (LDAP) tab', () => {
  it('signs a new person in with their directory password', () =>
    withSession(async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('tab', { name: 'Bitstone directory' }).click();
      await page.getByLabel('Bitstone directory username').fill('dana.ldap');
      await page.getByLabel('Bitstone directory password').fill('wrong');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect.poll(() => page.getByTestId('ldap-error').textContent()).toBe('Wrong username or password.');
      await page.getByLabel('Bitstone directory password').fill('dana-secret');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await reachShell(page, 'Dana Directory');
      // a person who signs in only through the directory has no hub password to change
      await page.goto('/settings');
      await page.getByText(PASSWORD_MESSAGES.ssoOnly).waitFor();
      expect(await page.getByRole('form', { name: 'Change password' }).count()).toBe(0);
      await page.getByRole('list', { name: 'Active sessions' }).getByTestId('session').first().waitFor();
    }));
});

describe('Admin → Sign-in: local passwords', () => {
  it('the admin turns them off: the login page says so and a member\'s hub password is refused; on again', () =>
    withSession(async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/admin?tab=sign-in');
      await page.getByTestId('bootstrap-note').waitFor();
      expect(await page.getByTestId('bootstrap-note').textContent()).toContain('The bootstrap administrator (admin) can always sign in');
      const toggle = page.getByRole('switch', { name: 'Local passwords enabled' });
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      try {
        await browser.withSession(async (other) => {
          await other.page.goto('/login');
          // with hub passwords off, the directory tab comes first
          await other.page.getByRole('tab', { name: 'Bitstone directory', selected: true }).waitFor();
          await other.page.getByRole('tab', { name: 'Hub account' }).click();
          await other.page.getByTestId('local-off-note').waitFor();
          await fillLogin(other.page, 'member', 'demo');
          await expect.poll(() => other.page.getByTestId('login-error').textContent()).toBe(SSO_MESSAGES.localOff);
        }, { url: hub.url });
      } finally {
        await toggle.click();
        await expect.poll(() => toggle.isChecked()).toBe(true);
      }
    }));
});
