import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { objectiveListResponseSchema } from '../../shared/api/objectives';
import { directoryResponseSchema } from '../../shared/api/people';
import { preferencesBodySchema, type ThemeChoice } from '../../shared/api/preferences';
import { axeFindings, lightAndDarkFindings } from './axe';
import { countRequestsIn, openScreen, quiet, settle } from './screens';
import { DEMO_USERS, openSignedIn, useBrowser, type DemoUser } from './helpers';
import { createOwnObjective, pageApi } from './hub-api';

// Accessibility: axe-core's WCAG 2.1 A and AA rules find nothing serious or critical on
// any screen, for each demo role, in the light, dark and high-contrast themes, with the drawers,
// the bell, a dialog and a menu open as well as closed. Light and dark are the system's colour
// scheme, so one visit audits a screen in both (opening a screen costs twice what auditing it
// does); high contrast is the person's choice on the hub, so it has a sweep of its own.

const { withSession } = useBrowser({ failureShot: 'a11y', viewport: { width: 1280, height: 900 } });

/** light and dark follow the system's colour scheme; high contrast is the person's choice in Settings. */
const THEMES = ['light', 'dark', 'high-contrast'] as const satisfies readonly ThemeChoice[];
type Theme = (typeof THEMES)[number];
/** The themes one sweep audits each screen in: the system's two schemes in turn, or the person's high contrast. */
const PASSES: readonly (readonly Theme[])[] = [['light', 'dark'], ['high-contrast']];

async function chooseTheme(page: Page, theme: ThemeChoice): Promise<void> {
  await page.evaluate(async (body) => {
    const res = await fetch('/api/preferences', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-hub-request': '1' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`PUT /api/preferences: ${res.status}`);
  }, preferencesBodySchema.parse({ theme }));
}

/**
 * Runs the sweep with the page in the pass's theme(s); the high-contrast choice is kept on the
 * hub, so it is undone after the run for the files that sign in as the same person later.
 */
async function inPass(page: Page, pass: readonly Theme[], run: () => Promise<void>): Promise<void> {
  if (!pass.includes('high-contrast')) return run();
  await chooseTheme(page, 'high-contrast');
  try {
    // the app reads the choice as it starts
    await page.reload();
    await run();
  } finally {
    await chooseTheme(page, 'system');
  }
}

/** axe on the page as it is now: a screen's findings in each theme of the pass. */
type Audit = (screen: string) => Promise<string[]>;

function auditIn(page: Page, pass: readonly Theme[]): Audit {
  return pass.includes('high-contrast')
    ? (screen) => axeFindings(page, `${screen}, high-contrast`)
    : (screen) => lightAndDarkFindings(page, screen);
}

async function visit(page: Page, audit: Audit, path: string, screen: string): Promise<string[]> {
  await openScreen(page, path);
  await settle(page);
  // A11Y_SHOTS=<folder>: a picture of each screen as audited, to look at every theme by eye
  const shots = process.env.A11Y_SHOTS;
  if (shots) await page.screenshot({ path: `${shots}/${screen.replaceAll(' ', '-')}-${await page.evaluate(() => document.documentElement.dataset.theme)}.png` });
  return audit(screen);
}

async function openStates(page: Page, audit: Audit): Promise<string[]> {
  const found: string[] = [];
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).waitFor();
  await quiet(page);
  found.push(...(await audit('account drawer')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'hidden' });

  await page.getByTestId('notification-bell').click();
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  await quiet(page);
  found.push(...(await audit('bell')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'hidden' });
  return found;
}

async function sweep(page: Page, user: DemoUser, audit: Audit): Promise<string[]> {
  const found: string[] = [];
  found.push(...(await visit(page, audit, '/objective-tracking/objectives', 'objectives')));
  found.push(...(await openStates(page, audit)));

  await page.getByRole('button', { name: 'New Objective' }).click();
  await page.getByRole('dialog', { name: 'New objective' }).waitFor();
  await quiet(page);
  found.push(...(await audit('new objective dialog')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'New objective' }).waitFor({ state: 'hidden' });

  // the owner is in no team, so owns no objective: they audit one of the company's
  const id = user === 'owner'
    ? (await pageApi(page).call(objectiveListResponseSchema.shape.data, 'GET', '/objective')).items[0].id
    : await createOwnObjective(page, { title: `a11y ${user} ${Date.now()}`, description: 'Audited.', priority: 'low' });
  found.push(...(await visit(page, audit, `/objective-tracking/objective-details?id=${id}`, 'objective details')));
  await page.getByRole('button', { name: 'Status actions' }).click();
  await page.getByRole('menuitem').first().waitFor();
  await quiet(page);
  found.push(...(await audit('status menu')));
  await page.keyboard.press('Escape');

  found.push(...(await visit(page, audit, '/dashboard', 'dashboard')));
  found.push(...(await visit(page, audit, '/super-awesome-team', 'team')));
  const me = (await pageApi(page).me()).id;
  found.push(...(await visit(page, audit, `/profile/${me}`, 'profile')));
  found.push(...(await visit(page, audit, '/holidays', 'holidays')));
  found.push(...(await visit(page, audit, '/timetracking', 'time tracking')));
  found.push(...(await visit(page, audit, '/objective-tracking/plans', 'plans')));
  found.push(...(await visit(page, audit, '/objective-tracking/approvals', 'approvals')));
  // the member's evaluations page, as their lead and an admin see it (a member sees the refusal)
  const memberId = (await pageApi(page).call(directoryResponseSchema.shape.data, 'GET', `/user?search=${encodeURIComponent(DEMO_USERS.member.name)}`)).items[0].id;
  found.push(...(await visit(page, audit, `/objective-tracking/employee-details?id=${memberId}`, 'employee details')));
  found.push(...(await visit(page, audit, '/objective-tracking/timeline', 'timeline')));
  found.push(...(await visit(page, audit, '/org-chart', 'org chart')));
  // the list a narrow window opens in, here picked
  found.push(...(await visit(page, audit, '/org-chart?view=list', 'org chart list')));
  found.push(...(await visit(page, audit, '/objective-tracking/statistics', 'statistics')));
  found.push(...(await visit(page, audit, '/settings', 'settings')));
  if (user === 'admin') {
    for (const tab of ['users', 'teams', 'roles', 'links', 'access', 'audit', 'imports', 'sign-in', 'api-tokens', 'desktop', 'retention', 'email', 'webhooks']) {
      found.push(...(await visit(page, audit, `/admin?tab=${tab}`, `admin ${tab}`)));
    }
  }
  return found;
}

describe('axe-core, WCAG 2.1 A and AA: nothing serious or critical', () => {
  for (const theme of THEMES) {
    it(`login page, ${theme}`, () =>
      withSession(async ({ page }) => {
        // before sign-in there is no person's choice: high contrast comes from the system's forced colours
        await page.emulateMedia(theme === 'high-contrast' ? { forcedColors: 'active' } : { colorScheme: theme });
        await page.goto('/login');
        await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        expect(await axeFindings(page, 'login', { forcedColors: theme === 'high-contrast' })).toEqual([]);
      }));
  }

  for (const pass of PASSES) {
    for (const user of ['member', 'lead', 'admin', 'owner', 'manager', 'guest'] as const) {
      it(`every screen as ${user}, ${pass.join(' and ')}`, () =>
        withSession(async ({ page }) => {
          await page.emulateMedia({ colorScheme: 'light' });
          // counted from the first load, so the sweep's first screen needs no second one
          await countRequestsIn(page);
          await openSignedIn(page, user);
          await inPass(page, pass, async () => {
            expect(await sweep(page, user, auditIn(page, pass))).toEqual([]);
          });
        }), 300_000);
    }
  }
});
