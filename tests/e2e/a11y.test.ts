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

/**
 * Counts the page's requests still on their way (the notification stream, which stays open, aside),
 * so that a screen is audited once its data has arrived rather than after a fixed wait.
 */
function countRequests(): void {
  const own = window as unknown as { hubPending: number };
  own.hubPending = 0;
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/stream')) return fetch(input, init);
    own.hubPending += 1;
    return fetch(input, init).finally(() => { own.hubPending -= 1; });
  };
}

/**
 * Lets a screen's data and lazy parts arrive before it is audited: its title, then quiet. Spinners
 * only: an objective's progress and deadline bars are progressbars too, and stay.
 */
async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await quiet(page);
}

/**
 * No spinner, no request on its way and no transition running, twice a frame apart (an answer can
 * start the next request). axe reads colours half-way through a fade as what they are at that
 * moment; endless animations (a spinner's) are not waited for.
 */
async function quiet(page: Page): Promise<void> {
  const idle = () => page.waitForFunction(
    () => !document.querySelector('.fui-Spinner, [aria-busy="true"]')
      && (window as unknown as { hubPending?: number }).hubPending === 0
      && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined, { timeout: 10_000, polling: 'raf' });
  await idle();
  await page.evaluate(() => new Promise((resolve) => { requestAnimationFrame(() => requestAnimationFrame(resolve)); }));
  await idle();
}

const counting = new WeakSet<Page>();

/**
 * Opens the screen the way the app's own links do (the router follows the history, the page is not
 * loaded again), so each audit pays for the screen and not for the app's start; only the first
 * screen loads the page. Another path waits for its own title to replace the last one; another
 * query on the same path (an Admin tab, the org chart's list) for settle's quiet.
 */
async function open(page: Page, path: string): Promise<void> {
  if (!counting.has(page)) {
    counting.add(page);
    await page.addInitScript(countRequests);
    await page.goto(path);
    return;
  }
  const target = new URL(path, page.url());
  const samePath = target.pathname === new URL(page.url()).pathname;
  await page.evaluate(([to, mark]) => {
    const h1 = document.querySelector('h1');
    if (mark && h1) h1.dataset.auditedBefore = '1';
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, [target.pathname + target.search, !samePath] as const);
  if (!samePath) {
    await page.waitForFunction(() => { const h1 = document.querySelector('h1'); return h1 !== null && !h1.dataset.auditedBefore; }, undefined, { timeout: 10_000 });
  }
}

async function visit(page: Page, path: string, screen: string): Promise<string[]> {
  await open(page, path);
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
  await quiet(page);
  found.push(...(await audit(page, 'account drawer')));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'hidden' });

  await page.getByTestId('notification-bell').click();
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  await quiet(page);
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
  await quiet(page);
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
  await quiet(page);
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
