import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { objectiveCountResponseSchema } from '../../shared/api/objectives';
import { isoDay } from '../../shared/rules/dates';
import { PEOPLE_TOASTS } from '../../shared/rules/people-messages';
import { useBrowser, waitForPath } from './helpers';
import { pageApi } from './hub-api';

// Tables as a person sees them at 320, 480 and 1366 CSS px (WCAG 1.4.10): side by side while the
// columns fit, each row a card of labelled values below that, never a column hidden in a sideways
// scroller; e-mail addresses that wrap only before their '@'; what was just made in view and
// marked; the real count under the objectives; the theme's link colour; Settings on a wide window.

const HEIGHT = 800;
const { signedIn } = useBrowser({ failureShot: 'tables' });

async function widthOf(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/** The page is no wider than the window, and no box in it scrolls sideways but the timeline's. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const found = await page.evaluate(() => ({
    widerBy: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
    scrollers: Array.from(document.body.querySelectorAll('*'))
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`),
  }));
  expect({ what, ...found }).toEqual({ what, widerBy: 0, scrollers: [] });
}

/** Wholly inside the window's width (what an inner scroller used to hide past its edge). */
async function expectInWindow(page: Page, target: Locator, what: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect({ what, left: (box?.x ?? -1) >= 0, right: (box?.x ?? Infinity) + (box?.width ?? 0) <= width }).toEqual({ what, left: true, right: true });
}

/** The words under `root` the browser broke across two lines (a short word never needs it). */
function brokenWords(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        if (match[0].length > 30) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/**
 * Every e-mail address shown under `root` (the app's EmailText: a break opportunity before the
 * '@'), with the lines the whole address takes and the lines each half takes.
 */
function emailLines(root: Locator): Promise<Array<{ email: string; lines: number; halves: number[] }>> {
  return root.evaluate((el) => {
    const lines = (range: Range) => new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    return Array.from(el.querySelectorAll('wbr')).map((wbr) => {
      const span = wbr.parentElement as HTMLElement;
      const whole = document.createRange();
      whole.selectNodeContents(span);
      const halves = Array.from(span.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        return lines(range);
      });
      return { email: span.textContent ?? '', lines: lines(whole), halves };
    });
  });
}

async function openAdmin(page: Page, tab?: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await waitForPath(page, '/admin');
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
}

/** '#rrggbb' of a computed 'rgb(r, g, b)'. */
const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

/** The link's colour, and the theme's link colour token where it stands. */
function linkColours(link: Locator): Promise<{ link: string; token: string }> {
  return link.evaluate((el) => ({
    link: getComputedStyle(el).color,
    token: getComputedStyle(el.closest('.fui-FluentProvider') ?? document.body).getPropertyValue('--colorBrandForegroundLink').trim().toLowerCase(),
  }));
}

describe('tables in a narrow window', () => {
  it('plans at 320 px: each objective a card, its title whole words, its status on screen; at 1366 px one table', () =>
    signedIn('lead', async ({ page }) => {
      await widthOf(page, 320);
      await page.goto('/objective-tracking/plans');
      const cards = page.getByRole('list', { name: 'Plan objectives' }).getByRole('listitem');
      // the plan loads after the page: polled for the time a busy machine takes, not the default second
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(10);
      for (let i = 0; i < 10; i += 1) {
        const card = cards.nth(i);
        expect(await brokenWords(card)).toEqual([]);
        await expectInWindow(page, card.locator('.fui-Badge').first(), `status of objective ${i + 1}`);
      }
      // its key results open under it, each its own card
      await cards.first().getByRole('button', { name: /^Expand / }).click();
      await page.locator('li[aria-label^="Key result"]').first().waitFor();
      // the member cards above: an address broken only before its '@'
      for (const { email, halves } of await emailLines(page.locator('[aria-label^="Plan of"]').first())) expect({ email, halves }).toEqual({ email, halves: [1, 1] });
      await page.screenshot({ path: '/tmp/tables-plans-320.png', fullPage: true });
      await expectNoSidewaysScroll(page, 'plans at 320 px');

      await widthOf(page, 1366);
      const table = page.getByRole('table', { name: 'Plan objectives' });
      await table.waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Title', 'Assignee', 'Status', 'Priority', 'Deadline', 'Key results', 'Progress']);
      await expectNoSidewaysScroll(page, 'plans at 1366 px');
    }));

  it('Admin → Users at 480 px: each person’s Access, Join date and every action on screen, in no inner scroller', () =>
    signedIn('admin', async ({ page }) => {
      await widthOf(page, 480);
      await openAdmin(page);
      const people = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
      await expect.poll(() => people.count(), { timeout: 10_000 }).toBe(5);
      for (let i = 0; i < 5; i += 1) {
        const person = people.nth(i);
        const name = (await person.getByRole('link').first().textContent()) ?? '';
        for (const label of ['Access', 'Join date']) {
          await expectInWindow(page, person.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd'), `${name}: ${label}`);
        }
        for (const action of [`Edit ${name}`, `Change access of ${name}`, `Reset password of ${name}`]) {
          await expectInWindow(page, person.getByRole('button', { name: action }), action);
        }
      }
      await page.screenshot({ path: '/tmp/tables-users-480.png', fullPage: true });
      await expectNoSidewaysScroll(page, 'users at 480 px');

      await widthOf(page, 1366);
      const table = page.getByRole('table', { name: 'Users' });
      await table.waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Phone', 'Email', 'Team', 'Role', 'Access', 'Join date', 'Actions']);
      await expectNoSidewaysScroll(page, 'users at 1366 px');
    }));

  it('e-mail addresses: whole on one line in the Users table at 1366 px, broken only before the @ at 320 px', () =>
    signedIn('admin', async ({ page }) => {
      await openAdmin(page);
      const table = page.getByRole('table', { name: 'Users' });
      await table.getByRole('row').nth(5).waitFor();
      const wide = await emailLines(table);
      expect(wide.length).toBe(5);
      for (const { email, lines } of wide) expect({ email, lines }).toEqual({ email, lines: 1 });

      await widthOf(page, 320);
      const list = page.getByRole('list', { name: 'Users' });
      await list.getByRole('listitem').nth(4).waitFor();
      const narrow = await emailLines(list);
      expect(narrow.length).toBe(5);
      for (const { email, halves } of narrow) expect({ email, halves }).toEqual({ email, halves: [1, 1] });
    }));
});

describe('what was just made is in view', () => {
  it('Admin → Teams and Roles: a new team or job shows on the page its name sorts to, marked; one the search leaves out is named', () =>
    signedIn('admin', async ({ page }) => {
      await openAdmin(page, 'Teams');
      const table = page.getByRole('table', { name: 'Teams' });
      await table.getByRole('row').nth(5).waitFor();
      const team = `Zz Tables ${Date.now()}`;
      await page.getByRole('button', { name: 'Add team' }).click();
      const dialog = page.getByRole('dialog', { name: 'New team' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(team);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // the name sorts last: past the first page of five, where it is shown and marked
      const row = table.getByRole('row').filter({ hasText: team });
      await row.getByText('Just added').waitFor();
      expect(await page.getByTestId('page-range').textContent()).not.toMatch(/^1–5 /);

      await page.getByRole('tab', { name: 'Roles', exact: true }).click();
      const jobs = page.getByRole('table', { name: 'Jobs' });
      await jobs.getByRole('row').nth(1).waitFor();
      const job = `Zz Job ${Date.now()}`;
      await page.getByRole('button', { name: 'Add job' }).click();
      const jobDialog = page.getByRole('dialog', { name: 'New job' });
      await jobDialog.getByRole('textbox', { name: 'Name' }).fill(job);
      await jobDialog.getByRole('button', { name: 'Save' }).click();
      await jobDialog.waitFor({ state: 'hidden' });
      await jobs.getByRole('row').filter({ hasText: job }).getByText('Just added').waitFor();

      // the header's search keeps only 'Atlas': the new team is not in the table, and the screen says so
      await page.getByRole('tab', { name: 'Teams', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('atlas');
      await table.getByRole('cell', { name: 'Atlas', exact: true }).waitFor();
      const hidden = `Zz Hidden ${Date.now()}`;
      await page.getByRole('button', { name: 'Add team' }).click();
      await dialog.getByRole('textbox', { name: 'Name' }).fill(hidden);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(`The new team ‘${hidden}’ is not in the table: the search ‘atlas’ leaves it out.`).waitFor();
    }));

  it('Admin → Users: a new person is shown by their address and marked; their directory card reads a whole number of years as such', () =>
    signedIn('admin', async ({ page }) => {
      await openAdmin(page);
      await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(5).waitFor();
      const stamp = Date.now();
      const name = `Tara Tables ${stamp}`;
      const email = `tara.${stamp}@bitstone.test`;
      await page.getByRole('button', { name: 'New', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New employee' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
      await dialog.getByLabel('Phone').fill('+40 711 222 333');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('combobox', { name: 'Team' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Phoenix' }).click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('combobox', { name: 'Job' }).click();
      await page.getByRole('option', { name: 'QA Engineer' }).click();
      // joined three years ago today: tenure in whole years (spec §9: 'N year(s) & M month(s)')
      const today = isoDay();
      await dialog.getByLabel('Join date').fill(`${Number(today.slice(0, 4)) - 3}${today.slice(4)}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(PEOPLE_TOASTS.userAdded).first().waitFor();
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search users' }).inputValue()).toBe(email);
      const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: name });
      await row.getByText('Just added').waitFor();
      expect(await page.getByTestId('page-range').textContent()).toBe('1–1 of 1');

      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Super-Awesome Team' }).click();
      await waitForPath(page, '/super-awesome-team');
      // the directory clears the search as it opens: type once its cards are there
      await page.getByTestId('member-card').first().waitFor();
      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(name);
      const card = page.getByTestId('member-card').filter({ hasText: name });
      await expect.poll(() => card.textContent()).toContain('3 years');
      expect(await card.textContent()).not.toContain('&');
    }));

  it('Objectives: a new objective is shown at once, pinned with where it is when another page holds it, marked in place when this one does', () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/objective-tracking/objectives');
      await page.getByTestId('objective-card').first().waitFor();
      const choose = async (label: string, option: string) => {
        await page.getByRole('combobox', { name: label, exact: true }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      const create = async (title: string) => {
        await page.getByRole('button', { name: 'New Objective' }).click();
        const dialog = page.getByRole('dialog', { name: 'New objective' });
        await dialog.getByLabel('Title').fill(title);
        await dialog.getByLabel('Description').fill('Made to be found.');
        await choose('Category', 'Technology');
        await choose('Subcategory', 'Development');
        await choose('Priority', 'low');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'hidden' });
      };
      // by title, 'zz…' comes after the member's other objectives (more than one page of nine), whether
      // the order puts capitals first (the hub's, today) or not: other files leave 'a11y …' ones behind
      await choose('Sort by', 'Title');
      const last = `zz Found ${Date.now()}`;
      await create(last);
      const pinned = page.getByRole('region', { name: 'Just created.' });
      await pinned.getByText('It is on another page of the list, which is sorted by title.').waitFor();
      expect(await pinned.getByTestId('objective-card').getAttribute('aria-label')).toBe(last);
      await page.screenshot({ path: '/tmp/tables-just-created-pinned.png' });
      // its page: there it is marked where it stands, and the pinned copy goes
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      const pages = await pager.getByRole('button', { name: /^Page \d+$/ }).count();
      await pager.getByRole('button', { name: `Page ${pages}` }).click();
      await page.getByTestId('just-created').filter({ hasText: last }).waitFor();
      await expect.poll(() => pinned.count()).toBe(0);

      // newest first: on the first page, marked in place
      await choose('Sort by', 'Creation date');
      const first = `Found first ${Date.now()}`;
      await create(first);
      const marked = page.getByTestId('just-created');
      await expect.poll(() => marked.getByTestId('objective-card').getAttribute('aria-label')).toBe(first);
      expect(await marked.getByText('Just created').count()).toBe(1);
      expect(await pinned.count()).toBe(0);
    }));
});

describe('the objectives pager', () => {
  it('an owner reads the real number of objectives, not "100+"', () =>
    signedIn('owner', async ({ page }) => {
      await page.goto('/objective-tracking/objectives');
      const total = (await pageApi(page).call(objectiveCountResponseSchema.shape.data, 'GET', '/objective/count')).total;
      expect(total).toBeGreaterThan(100);
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      await pager.getByText(`${total.toLocaleString('en-GB')} objectives`, { exact: true }).waitFor();
      expect(await pager.getByText(/\+ objectives$/).count()).toBe(0);
    }));
});

describe('smaller points', () => {
  it('links in Approvals and Admin → Users are in the theme’s link colour, light and dark', () =>
    signedIn('lead', async ({ page }) => {
      await page.goto('/objective-tracking/approvals');
      const link = page.getByRole('table', { name: 'Objectives waiting for approval' }).getByRole('link').first();
      await link.waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect.poll(async () => {
          const { link: colour, token } = await linkColours(link);
          return { scheme, colour: hex(colour), defaultBlue: colour === 'rgb(0, 0, 238)', matches: hex(colour) === token };
        }).toMatchObject({ scheme, defaultBlue: false, matches: true });
      }
    }));

  it('…and in Admin → Users', () =>
    signedIn('admin', async ({ page }) => {
      await openAdmin(page);
      const link = page.getByRole('table', { name: 'Users' }).getByRole('link').first();
      await link.waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect.poll(async () => {
          const { link: colour, token } = await linkColours(link);
          return { scheme, matches: hex(colour) === token };
        }).toEqual({ scheme, matches: true });
      }
    }));

  it('an admin who opens an employee’s evaluations from Statistics is told who reads them, not refused, and the hub is not asked', () =>
    signedIn('admin', async ({ page, errors }) => {
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) refused.push(response.url());
      });
      await page.goto('/objective-tracking/statistics');
      const employee = page.getByRole('table', { name: 'Objectives by employee' }).getByRole('link').filter({ hasNotText: 'Andreea Marin' }).first();
      const name = (await employee.textContent()) ?? '';
      await employee.click();
      await waitForPath(page, '/objective-tracking/employee-details');
      await page.getByText('These evaluations are private').waitFor();
      await page.getByText(`Only ${name}, their team lead or teams manager, and the company’s owners read ${name}’s evaluations.`, { exact: false }).waitFor();
      expect(await page.getByText('You are not allowed to do this.').count()).toBe(0);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      await page.screenshot({ path: '/tmp/tables-evaluations-private.png' });
      await page.getByRole('link', { name: `Open ${name}’s profile` }).click();
      await page.waitForURL(/\/profile\/\d+$/);
    }));

  it('a lead’s employee details at 320 px: the summary breaks no word, the address only before its @, each evaluation a card', () =>
    signedIn('lead', async ({ page }) => {
      await widthOf(page, 320);
      await page.goto('/objective-tracking/statistics');
      // at this width the table by employee is a list of cards too
      await page.getByRole('list', { name: 'Objectives by employee' }).getByRole('link', { name: 'Elena Constantin' }).click();
      await waitForPath(page, '/objective-tracking/employee-details');
      const summary = page.getByRole('group', { name: 'Employee summary' }).or(page.locator('[aria-label="Employee summary"]')).first();
      await summary.waitFor();
      expect(await brokenWords(summary)).toEqual([]);
      for (const { email, halves } of await emailLines(summary)) expect({ email, halves }).toEqual({ email, halves: [1, 1] });
      await page.getByRole('list', { name: 'Evaluations' }).or(page.getByText('No evaluations yet')).first().waitFor();
      await expectNoSidewaysScroll(page, 'employee details at 320 px');
    }));

  it('Settings on a wide window is two columns of sections, one column in a narrow one', () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/settings');
      const theme = page.getByRole('heading', { name: 'Theme', exact: true });
      const notifications = page.getByRole('heading', { name: 'Notifications', exact: true });
      await notifications.waitFor();
      const side = async () => {
        const [a, b] = await Promise.all([theme.boundingBox(), notifications.boundingBox()]);
        return { besideIt: (b?.x ?? 0) > (a?.x ?? 0) + 300, underIt: Math.abs((b?.x ?? 0) - (a?.x ?? 0)) < 2 };
      };
      expect(await side()).toEqual({ besideIt: true, underIt: false });
      await page.screenshot({ path: '/tmp/tables-settings-1366.png', fullPage: true });
      await widthOf(page, 480);
      await expect.poll(side).toEqual({ besideIt: false, underIt: true });
      await expectNoSidewaysScroll(page, 'settings at 480 px');
    }));
});
