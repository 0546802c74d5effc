import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { objectiveListResponseSchema } from '../../shared/api/objectives';
import { directoryResponseSchema } from '../../shared/api/people';
import { preferencesBodySchema, type ThemeChoice } from '../../shared/api/preferences';
import { DEMO_USERS, useBrowser, type DemoUser } from './helpers';
import { createOwnObjective, pageApi } from './hub-api';

// Accessibility: axe-core's WCAG 2.1 A and AA rules find nothing serious or critical on
// any screen, for each demo role, in the light, dark and high-contrast themes, with the drawers,
// the bell, a dialog and a menu open as well as closed.

const { withSession, signedIn } = useBrowser({ failureShot: 'a11y', viewport: { width: 1280, height: 900 } });

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** light and dark follow the system's colour scheme; high contrast is the person's choice in Settings. */
const THEMES = ['light', 'dark', 'high-contrast'] as const satisfies readonly ThemeChoice[];
type Theme = (typeof THEMES)[number];

async function chooseTheme(page: Page, theme: ThemeChoice): Promise<void> {
  await page.evaluate(async (body) => {
    const res = await fetch('/api/preferences', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-hub-request': '1' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`PUT /api/preferences: ${res.status}`);
  }, preferencesBodySchema.parse({ theme }));
}

/**
 * Puts the page in the theme; the high-contrast choice is kept on the hub, so it is undone after
 * the run for the files that sign in as the same person later.
 */
async function inTheme(page: Page, theme: Theme, run: () => Promise<void>): Promise<void> {
  if (theme !== 'high-contrast') {
    await page.emulateMedia({ colorScheme: theme });
    return run();
  }
  await chooseTheme(page, 'high-contrast');
  try {
    await run();
  } finally {
    await chooseTheme(page, 'system');
  }
}

interface Finding { rule: string; impact: string; targets: string[] }

/**
 * axe on the page as it is now; one line per serious or critical rule broken, with where.
 * `forcedColors`: the operating system paints every text and background from its own palette, so
 * contrast is the system's; axe still reads the page's own colours (yellow links on white), so its
 * contrast rule says nothing true there and is left out.
 */
async function audit(page: Page, screen: string, options: { forcedColors?: boolean } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const findings = await page.evaluate(async (values): Promise<Finding[]> => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // Fluent's focus manager (tabster) puts aria-hidden focusable <i data-tabster-dummy> sentinels at
    // the edges of arrow-key groups and traps; they only pass focus on at once, so screen readers must
    // not read them. axe's aria-hidden-focus counts them: a false positive Fluent and tabster list
    // as known (microsoft/tabster#288), so they are left out of the audit.
    const result = await axe.run({ exclude: [['[data-tabster-dummy]']] }, {
      runOnly: { type: 'tag', values: values.tags },
      rules: values.forcedColors ? { 'color-contrast': { enabled: false } } : {},
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, { tags: TAGS, forcedColors: options.forcedColors ?? false });
  return findings.map((f) => `${screen}: ${f.rule} (${f.impact}, ${f.targets.length}) ${f.targets.slice(0, 5).join(' ')}`);
}

/** Lets a screen's data and lazy parts arrive before it is audited: its title, then no spinner. */
async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"], [aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function visit(page: Page, path: string, screen: string): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  // A11Y_SHOTS=<folder>: a picture of each screen as audited, to look at every theme by eye
  const shots = process.env.A11Y_SHOTS;
  if (shots) await page.screenshot({ path: `${shots}/${screen.replaceAll(' ', '-')}-${await page.evaluate(() => document.documentElement.dataset.theme)}.png` });
  return audit(page, screen);
}

async function openStates(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).waitFor();
  await page.waitForTimeout(400);
  found.push(...(await audit(page, 'account drawer')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'hidden' });

  await page.getByTestId('notification-bell').click();
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  await page.waitForTimeout(400);
  found.push(...(await audit(page, 'bell')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'hidden' });
  return found;
}

async function sweep(page: Page, user: DemoUser): Promise<string[]> {
  const found: string[] = [];
  found.push(...(await visit(page, '/objective-tracking/objectives', 'objectives')));
  found.push(...(await openStates(page)));

  await page.getByRole('button', { name: 'New Objective' }).click();
  await page.getByRole('dialog', { name: 'New objective' }).waitFor();
  await page.waitForTimeout(400);
  found.push(...(await audit(page, 'new objective dialog')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'New objective' }).waitFor({ state: 'hidden' });

  // the owner is in no team, so owns no objective: they audit one of the company's
  const id = user === 'owner'
    ? (await pageApi(page).call(objectiveListResponseSchema.shape.data, 'GET', '/objective')).items[0].id
    : await createOwnObjective(page, { title: `a11y ${user} ${Date.now()}`, description: 'Audited.', priority: 'low' });
  found.push(...(await visit(page, `/objective-tracking/objective-details?id=${id}`, 'objective details')));
  await page.getByRole('button', { name: 'Status actions' }).click();
  await page.getByRole('menuitem').first().waitFor();
  await page.waitForTimeout(300);
  found.push(...(await audit(page, 'status menu')));
  await page.keyboard.press('Escape');

  found.push(...(await visit(page, '/dashboard', 'dashboard')));
  found.push(...(await visit(page, '/super-awesome-team', 'team')));
  const me = (await pageApi(page).me()).id;
  found.push(...(await visit(page, `/profile/${me}`, 'profile')));
  found.push(...(await visit(page, '/holidays', 'holidays')));
  found.push(...(await visit(page, '/timetracking', 'time tracking')));
  found.push(...(await visit(page, '/objective-tracking/plans', 'plans')));
  found.push(...(await visit(page, '/objective-tracking/approvals', 'approvals')));
  // the member's evaluations page, as their lead and an admin see it (a member sees the refusal)
  const memberId = (await pageApi(page).call(directoryResponseSchema.shape.data, 'GET', `/user?search=${encodeURIComponent(DEMO_USERS.member.name)}`)).items[0].id;
  found.push(...(await visit(page, `/objective-tracking/employee-details?id=${memberId}`, 'employee details')));
  found.push(...(await visit(page, '/objective-tracking/timeline', 'timeline')));
  found.push(...(await visit(page, '/org-chart', 'org chart')));
  // the list a narrow window opens in, here picked
  found.push(...(await visit(page, '/org-chart?view=list', 'org chart list')));
  found.push(...(await visit(page, '/objective-tracking/statistics', 'statistics')));
  found.push(...(await visit(page, '/settings', 'settings')));
  if (user === 'admin') {
    for (const tab of ['users', 'teams', 'roles', 'links', 'access', 'audit', 'imports', 'sign-in', 'desktop', 'retention', 'email']) {
      found.push(...(await visit(page, `/admin?tab=${tab}`, `admin ${tab}`)));
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
        expect(await audit(page, 'login', { forcedColors: theme === 'high-contrast' })).toEqual([]);
      }));

    for (const user of ['member', 'lead', 'admin', 'owner', 'manager', 'guest'] as const) {
      it(`every screen as ${user}, ${theme}`, () =>
        signedIn(user, ({ page }) => inTheme(page, theme, async () => {
          expect(await sweep(page, user)).toEqual([]);
        })), 300_000);
    }
  }
});
