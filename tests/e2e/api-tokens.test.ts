import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiTokenCreatedResponseSchema } from '../../shared/api/api-tokens';
import { meResponseSchema, loginResponseSchema } from '../../shared/api/auth';
import { camelize, snakify } from '../../shared/api/case';
import { API_TOKEN_PREFIX } from '../../shared/rules/api-tokens';
import { auditLightAndDark } from './axe';
import { DEMO_PASSWORD, e2eHubUrl, openSignedIn, useBrowser, waitForPath } from './helpers';

// Settings → API tokens and Admin → API tokens (docs/api.md 'API tokens'): reached through the
// menus, made with the keyboard, shown once, used from outside the browser as a script would
// (no cookie, a bearer header), and revoked; at 1366 and 320 px, audited by axe in light and dark.

const { withSession } = useBrowser({ noErrors: true, failureShot: 'api-tokens' });

/** A script's call: the token alone, from outside the browser. */
async function asScript(token: string, method = 'GET', path = '/api/auth/me', body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${e2eHubUrl()}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() };
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('Settings → API tokens', () => {
  for (const width of [1366, 320]) {
    it(`a person makes a token with the keyboard, sees it once, uses it as a script and revokes it (${width} px)`, () =>
      withSession(async ({ page }) => {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eHubUrl() });
        await openSignedIn(page, 'member');
        await page.getByRole('button', { name: 'Account' }).click();
        await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Settings' }).click();
        await waitForPath(page, '/settings');
        const card = page.locator('[aria-labelledby="api-tokens-settings-title"]');
        await card.getByText('No tokens yet.').waitFor();
        await auditLightAndDark(page, 'settings api tokens, empty');

        // the keyboard only: the button, the name, the scope and expiry (arrow keys), Create
        await card.getByRole('button', { name: 'New token' }).focus();
        await page.keyboard.press('Enter');
        const form = page.getByRole('dialog', { name: 'New API token' });
        await form.waitFor();
        await form.getByRole('textbox', { name: 'Name' }).focus();
        await page.keyboard.type('Nightly report');
        await form.getByRole('radio', { name: 'Read', exact: true }).focus();
        await page.keyboard.press('ArrowDown');
        expect(await form.getByRole('radio', { name: 'Read and write' }).isChecked()).toBe(true);
        // a member is offered no admin scope
        expect(await form.getByRole('radio').filter({ hasText: 'Admin' }).count()).toBe(0);
        await form.getByRole('radio', { name: '30 days' }).focus();
        await page.keyboard.press('ArrowDown');
        expect(await form.getByRole('radio', { name: '90 days' }).isChecked()).toBe(true);
        await form.getByRole('button', { name: 'Create token' }).focus();
        await page.keyboard.press('Enter');

        const shown = page.getByRole('alertdialog', { name: 'Your new API token' });
        await shown.waitFor();
        await shown.getByText('It will not be shown again').waitFor();
        const token = await shown.getByRole('textbox', { name: 'The new API token' }).inputValue();
        expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
        // audited before Copy: axe reads a toast mid-fade as text of too little contrast
        expect(await fitsWidth(page)).toBeLessThanOrEqual(width);
        await auditLightAndDark(page, 'settings api tokens, shown once');
        await shown.screenshot({ path: `/tmp/api-tokens-shown-${width}.png` });
        await shown.getByRole('button', { name: 'Copy' }).focus();
        await page.keyboard.press('Enter');
        await page.getByText('Token copied').first().waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
        await shown.getByRole('button', { name: 'Done' }).focus();
        await page.keyboard.press('Enter');
        await shown.waitFor({ state: 'detached' });

        // as a script: who it is, and a write its scope allows
        const me = await asScript(token);
        expect(me.status).toBe(200);
        expect(meResponseSchema.parse(camelize(me.body)).data.user.username).toBe('member');
        expect((await asScript(token, 'PUT', '/api/preferences', { theme: 'system' })).status).toBe(200);

        // listed without the token, then revoked after a confirmation
        await card.getByText('Nightly report').waitFor();
        await card.getByText('Read and write').waitFor();
        expect(await card.textContent()).not.toContain(token);
        await card.getByText(/from 127\.0\.0\.1/).waitFor({ timeout: 10_000 }).catch(async () => {
          // the list was read before the script's call: read it again
          await page.reload();
          await card.getByText(/from 127\.0\.0\.1/).waitFor();
        });
        expect(await fitsWidth(page)).toBeLessThanOrEqual(width);
        await page.getByText('Token copied').waitFor({ state: 'detached', timeout: 20_000 });
        await auditLightAndDark(page, 'settings api tokens, listed');
        await card.screenshot({ path: `/tmp/api-tokens-settings-${width}.png` });
        await card.getByRole('button', { name: 'Revoke the token “Nightly report”' }).focus();
        await page.keyboard.press('Enter');
        const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
        await confirm.waitFor();
        await confirm.getByRole('button', { name: 'Revoke' }).click();
        await card.getByText('No tokens yet.').waitFor();
        expect((await asScript(token)).status).toBe(401);
      }, { viewport: { width, height: 900 } }));
  }
});

/** The member makes a token as a script's author would, through the API with a session of theirs. */
async function memberToken(name: string): Promise<string> {
  const login = await fetch(`${e2eHubUrl()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'member', password: DEMO_PASSWORD }) });
  const session = loginResponseSchema.parse(camelize(await login.json())).data.accessToken;
  const res = await fetch(`${e2eHubUrl()}/api/me/tokens`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify(snakify({ name, scope: 'read', expiresInDays: 30 })),
  });
  return apiTokenCreatedResponseSchema.parse(camelize(await res.json())).data.token;
}

describe('Admin → API tokens', () => {
  for (const width of [1366, 320]) {
    it(`an admin sees everyone’s tokens and revokes one (${width} px)`, () =>
      withSession(async ({ page }) => {
        const name = `Member export ${width}`;
        const token = await memberToken(name);
        expect((await asScript(token)).status).toBe(200);
        await openSignedIn(page, 'admin');
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
        await waitForPath(page, '/admin');
        await page.getByRole('tab', { name: 'API tokens' }).click();
        const panel = page.getByRole('tabpanel', { name: 'API tokens' });
        await panel.getByText(name).waitFor();
        expect(await fitsWidth(page)).toBeLessThanOrEqual(width);
        await auditLightAndDark(page, 'admin api tokens');
        await page.screenshot({ path: `/tmp/api-tokens-admin-${width}.png`, fullPage: true });
        await panel.getByRole('button', { name: new RegExp(`^Revoke .*’s token “${name}”$`) }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
        await confirm.getByRole('button', { name: 'Revoke' }).click();
        await panel.getByText(name).waitFor({ state: 'detached' });
        expect((await asScript(token)).status).toBe(401);
      }, { viewport: { width, height: 900 } }));
  }
});
