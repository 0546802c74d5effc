import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteBodySchema } from '../../shared/api/auth';
import { inviteResponseSchema, teamMembersResponseSchema } from '../../shared/api/my-team';
import { LOGIN_MESSAGES } from '../../shared/rules/messages';
import { USER_FIELD_MESSAGES } from '../../shared/rules/user-fields';
import { startE2eHub } from '../support/e2e-global-setup';
import { DEMO_PASSWORD, DEMO_USERS, expectTitle, fillLogin, useBrowser, waitForPath } from './helpers';
import { apiAs } from './hub-api';

const { signedIn, withSession } = useBrowser();

describe('login form', () => {
  it('empty fields show the messages next to them', () =>
    withSession(async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText(LOGIN_MESSAGES.username).waitFor();
      await page.getByText(LOGIN_MESSAGES.password).waitFor();
      expect(LOGIN_MESSAGES.username).toBe('Username is required');
      expect(LOGIN_MESSAGES.password).toBe('Password is required');
      await page.getByLabel('Username').fill('admin');
      await page.getByText(LOGIN_MESSAGES.username).waitFor({ state: 'hidden' });
      expect(await page.getByText(LOGIN_MESSAGES.password).isVisible()).toBe(true);
    }));

  it('a wrong password shows the hub\'s message under the form', () =>
    withSession(async ({ page }) => {
      await page.goto('/login');
      await fillLogin(page, 'owner', 'not-the-password');
      const error = page.getByTestId('login-error');
      await error.waitFor();
      expect(await error.textContent()).toBe(LOGIN_MESSAGES.wrongCredentials);
      expect(new URL(page.url()).pathname).toBe('/login');
    }));

  it('Enter submits and the password can be shown and hidden', () =>
    withSession(async ({ page }) => {
      await page.goto('/login');
      const password = page.getByLabel(/^Password/);
      await password.fill('secret');
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await password.getAttribute('type')).toBe('password');

      await page.getByLabel('Username').fill('admin');
      await password.fill(DEMO_PASSWORD);
      await password.press('Enter');
      await waitForPath(page, '/objective-tracking/objectives');
    }));

  it('the forgot-password link opens a modal that names whom to ask', () =>
    withSession(async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot / recover password' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(LOGIN_MESSAGES.forgotPassword);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }));

  it('has no Settings link in the browser (desktop only)', () =>
    withSession(async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.getByRole('link', { name: /settings/i }).count()).toBe(0);
      await page.goto('/settings');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    }));
});

describe('where sign-in leads', () => {
  it('a later (not first) login goes straight to objectives', () =>
    signedIn('admin', async ({ page }) => {
      await waitForPath(page, '/objective-tracking/objectives');
      await expectTitle(page, 'Objectives');
    }));

  it('a signed-out visit to a private route comes back there after sign-in', () =>
    withSession(async ({ page }) => {
      await page.goto('/holidays');
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '?ret=%2Fholidays');
      await fillLogin(page, 'owner', DEMO_PASSWORD);
      await waitForPath(page, '/holidays');
      await expectTitle(page, 'Holidays');
    }));

  it('a signed-in user opening login goes to ret, or to the team page', () =>
    signedIn('manager', async ({ page }) => {
      await page.goto('/login');
      await waitForPath(page, '/super-awesome-team');
      await page.goto('/login?ret=%2Ftimetracking');
      await waitForPath(page, '/timetracking');
      await page.goto('/login?ret=https%3A%2F%2Fexample.com');
      await waitForPath(page, '/super-awesome-team');
    }));

  it('after sign-out a private route asks for login with ret again', () =>
    signedIn('owner', async ({ page }) => {
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '?ret=%2Fdashboard');
    }));
});

describe('first-login stepper', () => {
  // Its own hub: finishing the stepper is remembered by the hub, and the shared hub's tests may
  // already have walked lead and member through it.
  let hub: Awaited<ReturnType<typeof startE2eHub>>;
  beforeAll(async () => {
    hub = await startE2eHub();
  });
  afterAll(async () => {
    await hub?.stop();
  });

  it('a team lead confirms their information, then invites team mates', async () => {
    // One mate already invited through the API: the step shows it as such.
    const lead = await apiAs('lead', hub.hub.url);
    const team = await lead.call(teamMembersResponseSchema.shape.data, 'GET', '/user/team');
    // the mate to invite is out today (the demo seed has one in Phoenix): their badge stays after Invite
    const withEmail = team.items.filter((m) => m.email);
    const toInvite = withEmail.find((m) => m.presence?.outUntil);
    const already = withEmail.find((m) => m.id !== toInvite?.id);
    if (!toInvite || !already) throw new Error('the demo seed has a Phoenix mate out today and another with an e-mail address');
    const invited = await lead.call(inviteResponseSchema.shape.data, 'POST', '/user/invite-in-team', inviteBodySchema.parse({ teamMemberEmail: already.email }));
    expect(invited.member.id).toBe(already.id);

    await withSession(async ({ page, errors }) => {
      await page.goto('/login');
      await fillLogin(page, 'lead', DEMO_PASSWORD);
      await page.getByRole('heading', { name: 'Confirm your information' }).waitFor();
      const steps = page.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem');
      expect(await steps.count()).toBe(3);
      expect(await steps.nth(1).getAttribute('aria-current')).toBe('step');
      expect(await steps.nth(2).textContent()).toContain('See team mates');
      expect(await page.getByLabel('Name').inputValue()).toBe(DEMO_USERS.lead.name);
      expect(await page.getByLabel('Email').inputValue()).toContain('@');
      await page.getByLabel('Phone').fill('+40 721 000 111');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'See team mates' }).waitFor();
      const list = page.getByRole('list', { name: 'Team mates' });
      const alreadyRow = list.getByRole('listitem').filter({ hasText: already.name });
      expect(await alreadyRow.textContent()).toContain('Invited');
      expect(await alreadyRow.getByRole('button').count()).toBe(0);

      const row = list.getByRole('listitem').filter({ hasText: toInvite.name });
      const badge = await row.getByTestId('presence').textContent();
      expect(badge).toMatch(/^Out until /);
      // every address whole, also in a window of 320 px (it was cut with an ellipsis)
      await page.setViewportSize({ width: 320, height: 720 });
      for (const email of await list.locator('wbr').evaluateAll((marks) => marks.map((m) => {
        const span = m.parentElement as HTMLElement;
        const item = span.closest('li') as HTMLElement;
        return { text: span.textContent, inside: span.getBoundingClientRect().right <= item.getBoundingClientRect().right };
      }))) {
        expect(email).toMatchObject({ inside: true });
      }
      expect(await row.textContent()).toContain(toInvite.email ?? '');
      await row.getByRole('button', { name: `Invite ${toInvite.name}` }).click();
      await row.getByText('Invited').waitFor();
      expect(await row.getByRole('button').count()).toBe(0);
      expect(await row.getByTestId('presence').textContent()).toBe(badge);

      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForPath(page, '/super-awesome-team');
      expect(errors).toEqual([]);
    }, { url: hub.hub.url });
  });

  it('a member confirms their information and goes to the team page; the next login goes to objectives', () =>
    withSession(async ({ page }) => {
      await page.goto('/login');
      await fillLogin(page, 'member', DEMO_PASSWORD);
      await page.getByRole('heading', { name: 'Confirm your information' }).waitFor();
      expect(await page.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem').count()).toBe(2);
      // the email links single sign-on to the account; a member confirms it as it is
      expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
      await page.getByText(USER_FIELD_MESSAGES.ownEmail).waitFor();
      await page.getByLabel('Name').fill('');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Name is required.').waitFor();
      await page.getByLabel('Name').fill(DEMO_USERS.member.name);
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForPath(page, '/super-awesome-team');
      await expectTitle(page, 'Super-Awesome Team');

      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await fillLogin(page, 'member', DEMO_PASSWORD);
      await waitForPath(page, '/objective-tracking/objectives');
    }, { url: hub.hub.url }));
});
