import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { directoryResponseSchema } from '../../shared/api/people';
import { DEMO_USERS, useBrowser, type DemoUser } from './helpers';
import { createOwnObjective, pageApi } from './hub-api';
import { openScreen, settle } from './screens';

// Reflow (WCAG 1.4.10): at 320 CSS px wide (200 % zoom on a 640 px window) and at 480 px,
// no screen scrolls sideways; only the timeline's chart may (a table too narrow for its columns
// stacks its rows, tests/e2e/tables.test.ts, rather than hide them in a scroller). The header's
// bell, my-team button and account picture stay on screen and clickable, the drawers, a dialog
// and the timeline's tools fit. Each screen leaves /tmp/reflow-<width>-<user>-<screen>.png to look at.

const HEIGHT = 720;
const { withSession, signedIn } = useBrowser({ viewport: { width: 320, height: HEIGHT }, noErrors: true, failureShot: 'reflow' });

/**
 * The page's width against the window's, and what sticks out past the right edge when it is wider:
 * each outermost such element, leaving out what sits in a box that scrolls or clips on its own.
 */
function pageWidth(page: Page): Promise<{ scrollWidth: number; width: number; past: string[] }> {
  return page.evaluate(() => {
    // the window's width less a vertical scroll bar, when there is one
    const vw = document.documentElement.clientWidth;
    const inOwnBox = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > vw + 1 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= vw + 1 && !inOwnBox(el))
      .map((el) => `<${el.tagName.toLowerCase()} ${el.getAttribute('role') ?? ''} "${(el.textContent ?? '').trim().slice(0, 40)}"> right ${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width: vw, past };
  });
}

/**
 * The boxes that do scroll sideways: only the timeline's may (the org chart pans its picture by
 * dragging and clips, it does not scroll; a table stacks its rows instead).
 */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => Array.from(document.body.querySelectorAll('*'))
    .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
    .filter((el) => el.getAttribute('aria-label') !== 'Timeline')
    .map((el) => `<${el.tagName.toLowerCase()} ${el.getAttribute('role') ?? ''} "${(el.textContent ?? '').trim().slice(0, 40)}"> ${el.scrollWidth} in ${el.clientWidth}`));
}

async function expectFits(page: Page, screen: string): Promise<void> {
  const { scrollWidth, width, past } = await pageWidth(page);
  // a drawer's scroll lock may leave the page narrower than the window, never wider
  expect({ screen, widerBy: Math.max(0, scrollWidth - width), past }).toEqual({ screen, widerBy: 0, past: [] });
  expect({ screen, scrollers: await sidewaysScrollers(page) }).toEqual({ screen, scrollers: [] });
}

/** Wholly inside the window's width and height, and the one thing a click there would reach. */
async function expectOnScreen(page: Page, target: Locator, what: string): Promise<void> {
  const box = await target.boundingBox();
  const { width } = page.viewportSize() ?? { width: 0 };
  expect({ what, box: box !== null }).toEqual({ what, box: true });
  if (!box) return;
  expect({ what, left: box.x >= 0, right: box.x + box.width <= width, top: box.y >= 0, bottom: box.y + box.height <= HEIGHT })
    .toEqual({ what, left: true, right: true, top: true, bottom: true });
  await target.click({ trial: true, timeout: 5_000 });
}

/** Each screen opened through the router, then looked at once its data and layout have settled. */
async function visit(page: Page, path: string, shot: string): Promise<void> {
  await openScreen(page, path);
  await settle(page);
  await page.screenshot({ path: `/tmp/reflow-${shot}.png` });
  await expectFits(page, shot);
}

async function expectHeaderFits(page: Page, user: DemoUser): Promise<void> {
  await expectOnScreen(page, page.getByRole('button', { name: 'Menu', exact: true }), 'menu button');
  await expectOnScreen(page, page.getByTestId('notification-bell'), 'bell');
  if (DEMO_USERS[user].myTeam) await expectOnScreen(page, page.getByRole('button', { name: 'My team' }), 'my-team button');
  await expectOnScreen(page, page.getByRole('button', { name: 'Account' }), 'account picture');
}

/** A drawer or popover, open: inside the window, the page still as wide as the window. */
async function expectPanelFits(page: Page, panel: Locator, what: string): Promise<void> {
  await panel.waitFor();
  const { width } = page.viewportSize() ?? { width: 0 };
  // polled: a drawer may still be sliding in
  await expect.poll(async () => {
    const box = await panel.boundingBox();
    return { what, left: (box?.x ?? -1) >= 0, right: (box?.x ?? 0) + (box?.width ?? Infinity) <= width };
  }).toEqual({ what, left: true, right: true });
  await expectFits(page, what);
}

async function expectShellPanelsFit(page: Page, user: DemoUser, shot: string): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expectPanelFits(page, account, 'account drawer');
  await expectOnScreen(page, account.getByRole('button', { name: 'Logout' }), 'Logout');
  await page.screenshot({ path: `/tmp/reflow-${shot}-account.png` });
  await page.keyboard.press('Escape');
  await account.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Main menu' });
  await expectPanelFits(page, menu, 'side menu');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });

  await page.getByTestId('notification-bell').click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  await expectPanelFits(page, bell, 'notifications');
  await page.keyboard.press('Escape');
  await bell.waitFor({ state: 'hidden' });

  if (DEMO_USERS[user].myTeam) {
    await page.getByRole('button', { name: 'My team' }).click();
    const team = page.getByRole('dialog', { name: 'My team' });
    await expectPanelFits(page, team, 'my-team drawer');
    await page.keyboard.press('Escape');
    await team.waitFor({ state: 'detached' });
  }
}

/** Every Extra Details tab on screen, each one's panel fitting when chosen; the profile's edit dialogs fit. */
async function expectProfileFits(page: Page, shot: string): Promise<void> {
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    await tab.scrollIntoViewIfNeeded();
    await expectOnScreen(page, tab, `tab ${await tab.textContent()}`);
    await tab.click();
    await expectFits(page, `${shot} tab ${i}`);
  }
  await page.screenshot({ path: `/tmp/reflow-${shot}-tabs.png`, fullPage: true });

  // the edit dialogs: User Information's and Extra Details'
  const edits = page.getByRole('button', { name: 'Edit', exact: true });
  const editCount = await edits.count();
  expect(editCount).toBeGreaterThan(0);
  for (let i = 0; i < editCount; i += 1) {
    await edits.nth(i).click();
    const dialog = page.getByRole('dialog');
    await expectPanelFits(page, dialog, `${shot} edit dialog ${i}`);
    await page.screenshot({ path: `/tmp/reflow-${shot}-edit-${i}.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
}

/**
 * The toolbar's buttons all on screen; the chart keeps most of its box, and a title is not cut to
 * a few letters: in a box this narrow each title has a line of its own above its bar.
 */
async function expectTimelineFits(page: Page, shot: string): Promise<void> {
  await page.locator('[data-row^="o"]').first().waitFor();
  const tools = page.getByRole('toolbar', { name: 'Timeline tools' });
  for (const name of ['Zoom to fit', 'Zoom in', 'Zoom out', 'Collapse all', 'Expand all']) {
    const button = tools.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    await expectOnScreen(page, button, name);
  }
  const chart = page.getByRole('tree', { name: 'Timeline' });
  expect({ shot, layout: await chart.getAttribute('data-layout') }).toEqual({ shot, layout: 'stacked' });
  const [box, title] = await Promise.all([
    chart.evaluate((el) => el.clientWidth),
    chart.locator('[data-row^="o"] button[title]').first().evaluate((el) => el.getBoundingClientRect().width),
  ]);
  // the bars start at the box's left edge; the title's line is most of the box wide
  expect({ shot, titleShare: title / box >= 0.75 }).toEqual({ shot, titleShare: true });
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect.poll(() => page.locator('[data-row^="k"]').count()).toBeGreaterThan(0);
}

/**
 * The window's width; and less motion (the app then turns its transitions off), so a drawer or
 * dialog is measured, and photographed, where it ends up rather than on its way in.
 */
async function narrow(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

async function ownId(page: Page): Promise<number> {
  return (await pageApi(page).me()).id;
}

/** The screens every person has, from the side menu and the objective tracking pages. */
async function sweep(page: Page, user: DemoUser, width: number): Promise<void> {
  const shot = (screen: string) => `${width}-${user}-${screen}`;
  await visit(page, '/dashboard', shot('dashboard'));
  await expectHeaderFits(page, user);
  await expectShellPanelsFit(page, user, shot('dashboard'));

  for (const [screen, path] of [
    ['team', '/super-awesome-team'], ['org-chart', '/org-chart'], ['holidays', '/holidays'], ['timetracking', '/timetracking'],
    ['plans', '/objective-tracking/plans'], ['statistics', '/objective-tracking/statistics'], ['settings', '/settings'],
  ] as const) {
    await visit(page, path, shot(screen));
    await expectHeaderFits(page, user);
  }

  await visit(page, `/profile/${await ownId(page)}`, shot('profile'));
  await expectProfileFits(page, shot('profile'));

  await visit(page, '/objective-tracking/objectives', shot('objectives'));
  await page.getByRole('button', { name: 'New Objective' }).click();
  const dialog = page.getByRole('dialog', { name: 'New objective' });
  await expectPanelFits(page, dialog, 'new objective dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).scrollIntoViewIfNeeded();
  await expectOnScreen(page, dialog.getByRole('button', { name: 'Cancel' }), 'dialog Cancel');
  await page.screenshot({ path: `/tmp/reflow-${shot('new-objective')}.png` });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  const id = await createOwnObjective(page, { title: `Reflow ${user} ${width} ${Date.now()}`, description: 'Read at 200 % zoom.', priority: 'low', keyResult: { title: 'Fits', description: 'No sideways scroll.' } });
  await visit(page, `/objective-tracking/objective-details?id=${id}`, shot('objective-details'));

  await visit(page, '/objective-tracking/timeline', shot('timeline'));
  await expectTimelineFits(page, shot('timeline'));
}

describe('reflow: every screen at 320 and 480 CSS px without sideways scrolling', () => {
  for (const width of [320, 480]) {
    it(`login at ${width} px`, () =>
      withSession(async ({ page }) => {
        await narrow(page, width);
        await page.goto('/login');
        await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        await page.screenshot({ path: `/tmp/reflow-${width}-login.png` });
        await expectFits(page, 'login');
        await expectOnScreen(page, page.getByRole('button', { name: 'Sign In', exact: true }), 'Sign In');
      }));
  }

  for (const user of ['member', 'lead', 'admin'] as const) {
    it(`every screen as ${user} at 320 px`, () =>
      signedIn(user, async ({ page }) => {
        await narrow(page, 320);
        await sweep(page, user, 320);
      }), 240_000);
  }

  it('every screen as lead at 480 px', () =>
    signedIn('lead', async ({ page }) => {
      await narrow(page, 480);
      await sweep(page, 'lead', 480);
    }), 240_000);

  for (const width of [320, 480]) {
    it(`a lead's approvals and employee details at ${width} px`, () =>
      signedIn('lead', async ({ page }) => {
        await narrow(page, width);
        await visit(page, '/objective-tracking/approvals', `${width}-lead-approvals`);
        await expectHeaderFits(page, 'lead');
        const memberId = (await pageApi(page).call(directoryResponseSchema.shape.data, 'GET', `/user?search=${encodeURIComponent(DEMO_USERS.member.name)}`)).items[0].id;
        await visit(page, `/objective-tracking/employee-details?id=${memberId}`, `${width}-lead-employee-details`);
        // a lead reads their member's evaluations: at this width each one a card
        await page.getByRole('list', { name: 'Evaluations' }).waitFor();
        await expectFits(page, 'employee details with its evaluations');
      }));

    it(`every admin tab at ${width} px`, () =>
      signedIn('admin', async ({ page }) => {
        await narrow(page, width);
        for (const tab of ['users', 'teams', 'roles', 'links', 'access', 'audit', 'imports', 'sign-in', 'desktop', 'retention']) {
          await visit(page, `/admin?tab=${tab}`, `${width}-admin-${tab}`);
          await expectOnScreen(page, page.getByRole('tab', { name: /^Sign-in/ }), 'the last admin tab');
        }
        await expectHeaderFits(page, 'admin');
      }), 120_000);
  }
});
