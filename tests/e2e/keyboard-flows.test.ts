import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { isoDay } from '../../shared/rules/dates';
import { CONFIRM_TEXT } from '../../shared/rules/objective-status';
import { SORT_LABELS } from '../../shared/api/objectives';
import { DEMO_PASSWORD, DEMO_USERS, reachShell, useBrowser, type DemoUser } from './helpers';

// Every flow of the specs can be done with the keyboard only: the main flows, from
// sign-in on, with Tab, arrows, Enter, Space, Escape and typing. No mouse event reaches the page:
// each page counts pointer and mouse presses and the test ends by asserting there were none. Focus
// is moved only by keys (no locator.focus(), click() or fill()).

const { withSession } = useBrowser({ noErrors: true, failureShot: 'keyboard-flows', viewport: { width: 1280, height: 900 } });

const title = `Keyboard only ${Date.now()}`;

/** Counts every pointer or mouse press on any page of the session, across navigations. */
async function countMouse(page: Page): Promise<() => string[]> {
  const presses: string[] = [];
  await page.exposeFunction('__mousePressed', (what: string) => { presses.push(what); });
  await page.addInitScript(() => {
    for (const type of ['pointerdown', 'mousedown', 'mouseup', 'pointerup']) {
      window.addEventListener(type, (event) => {
        const target = event.target instanceof Element ? `${event.target.tagName} "${(event.target as HTMLElement).innerText?.slice(0, 40)}"` : String(event.target);
        (window as unknown as { __mousePressed: (what: string) => void }).__mousePressed(`${type} ${event.isTrusted ? 'trusted' : 'synthetic'} on ${target}`);
      }, true);
    }
  });
  return () => presses;
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Tab (or Shift+Tab) until the target has focus; the focused element must show a focus indicator. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      expect(await focusVisible(page), `focus indicator on ${target.toString()}`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}; focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`);
}

/**
 * WCAG 2.4.7: the focused element, or the Fluent wrapper around it, draws an outline, a border or
 * a box shadow that is not there without focus. Read from computed styles of the element and up
 * to two ancestors (Fluent's inputs draw focus on their wrapper, its buttons on ::after).
 */
function focusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const drawn = (node: Element, pseudo?: string) => {
      const s = getComputedStyle(node, pseudo);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
        || (s.boxShadow !== 'none' && s.boxShadow !== '')
        || (pseudo !== undefined && s.content !== 'none' && s.content !== '' && (s.borderTopStyle !== 'none' || s.borderBottomStyle !== 'none'));
    };
    const nodes = [el, el.parentElement, el.parentElement?.parentElement].filter((n): n is HTMLElement => !!n);
    return nodes.some((n) => drawn(n) || drawn(n, '::after') || drawn(n, '::before'));
  });
}

/** A Fluent dropdown from the keyboard: open with Enter, arrow to the option, Enter to choose. */
async function chooseWithKeys(page: Page, combobox: Locator, option: string, { back = false } = {}): Promise<void> {
  await tabTo(page, combobox, { back });
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = await listbox.getByRole('option').allTextContents();
  const index = options.findIndex((text) => text.trim() === option);
  if (index < 0) throw new Error(`no option '${option}' in ${options.join(', ')}`);
  // the option the arrows are on, as a screen reader learns it: the combobox's active descendant
  const activeText = () => combobox.evaluate((el) => document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.textContent?.trim() ?? '');
  for (let i = 0; i < options.length + 1 && (await activeText()) !== option; i += 1) await page.keyboard.press('ArrowDown');
  // a list opens on its current choice: what lies above it is reached going up
  for (let i = 0; i < options.length + 1 && (await activeText()) !== option; i += 1) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await listbox.waitFor({ state: 'hidden' });
  await expect.poll(() => combobox.textContent()).toContain(option);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/**
 * A date input from the keyboard. Its segments follow the browser's own locale (month first on
 * this Chromium, day first elsewhere): type month first, and if the value did not come out right,
 * go back to the first segment and type day first.
 */
async function typeDate(page: Page, field: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  await tabTo(page, field);
  await page.keyboard.type(`${month}${day}${year}`);
  if ((await field.inputValue()) !== iso) {
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type(`${day}${month}${year}`);
  }
  expect(await field.inputValue()).toBe(iso);
}

async function signInWithKeys(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/login');
  await typeInto(page, page.getByLabel(/^Username/), user);
  await typeInto(page, page.getByLabel(/^Password/), DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  // the first sign-in's stepper, when it shows: confirm the details, see the team mates
  const shell = page.getByTestId('user-name');
  const confirm = page.getByRole('heading', { name: 'Confirm your information' });
  await expect.poll(async () => (await shell.isVisible()) || (await confirm.isVisible()), { timeout: 20_000 }).toBe(true);
  if (await confirm.isVisible()) {
    const phone = page.getByLabel(/^Phone/);
    if (!(await phone.inputValue())) await typeInto(page, phone, '+40 700 000 001');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    const mates = page.getByRole('heading', { name: 'See team mates' });
    await expect.poll(async () => (await shell.isVisible()) || (await mates.isVisible()), { timeout: 20_000 }).toBe(true);
    if (await mates.isVisible()) {
      await tabTo(page, page.getByRole('button', { name: 'Continue' }));
      await page.keyboard.press('Enter');
    }
  }
  await reachShell(page, DEMO_USERS[user].name);
}

/** Runs a keyboard-only flow as `user`, failing if any mouse press reached the page. */
function withKeyboard(user: DemoUser, flow: (page: Page) => Promise<void>): Promise<void> {
  return withSession(async ({ page }) => {
    const mousePresses = await countMouse(page);
    await signInWithKeys(page, user);
    await flow(page);
    expect(mousePresses()).toEqual([]);
  });
}

describe('keyboard only', () => {
  it('a member creates an objective with a key result and asks to complete it, through the status menu and its confirmation', () =>
    withKeyboard('member', async (page) => {
      await page.goto('/objective-tracking/objectives');
      await page.getByTestId('objective-card').first().waitFor();
      await tabTo(page, page.getByRole('button', { name: 'New Objective' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New objective' });
      await dialog.waitFor();
      // focus goes into the dialog when it opens
      await expect.poll(() => isFocused(dialog)).toBe(true);
      await typeInto(page, dialog.getByLabel('Title'), title);
      await typeInto(page, dialog.getByLabel('Description'), 'Planned and done without a mouse.');
      await chooseWithKeys(page, dialog.getByRole('combobox', { name: 'Category', exact: true }), 'Technology');
      await chooseWithKeys(page, dialog.getByRole('combobox', { name: 'Subcategory', exact: true }), 'Development');
      await chooseWithKeys(page, dialog.getByRole('combobox', { name: 'Priority' }), 'medium');
      await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      // and back to what opened it when it closes
      await expect.poll(() => isFocused(page.getByRole('button', { name: 'New Objective' }))).toBe(true);
      // newest first: other files of a full run give this member objectives due sooner, which
      // pushed this one off the first page of the default deadline order
      await chooseWithKeys(page, page.getByRole('combobox', { name: 'Sort by' }), SORT_LABELS.creationDate, { back: true });

      const card = page.getByTestId('objective-card').filter({ hasText: title });
      await tabTo(page, card.getByRole('button', { name: 'Details' }), { max: 200 });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: title }).waitFor();

      await tabTo(page, page.getByRole('button', { name: 'Add KeyResult' }));
      await page.keyboard.press('Enter');
      const kr = page.getByRole('dialog', { name: 'New Key Result' });
      await kr.waitFor();
      await typeInto(page, kr.getByLabel('Title'), 'Write it down');
      await typeInto(page, kr.getByLabel('Description'), 'Every step, from the keyboard.');
      await typeDate(page, kr.getByLabel('Deadline'), isoDay());
      await tabTo(page, kr.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await kr.waitFor({ state: 'hidden' });
      await page.getByTestId('key-result-card').filter({ hasText: 'Write it down' }).waitFor();
      await expect.poll(() => isFocused(page.getByRole('button', { name: 'Add KeyResult' }))).toBe(true);

      const statusActions = page.getByRole('button', { name: 'Status actions' });
      await tabTo(page, statusActions);
      await page.keyboard.press('Enter');
      const complete = page.getByRole('menuitem', { name: 'Complete' });
      await complete.waitFor();
      for (let i = 0; i < 10 && !(await isFocused(complete)); i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByText(CONFIRM_TEXT.action('complete', 'objective')).waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Yes' }));
      await page.keyboard.press('Enter');
      await page.getByText('waiting for approval (complete)').waitFor();
    }), 120_000);

  it('the lead approves it, filters the objectives to find it completed, and pages through the list', () =>
    withKeyboard('lead', async (page) => {
      await page.goto('/objective-tracking/approvals');
      const row = page.getByRole('row', { name: title });
      await tabTo(page, row.getByRole('button', { name: 'Approve' }), { max: 200 });
      await page.keyboard.press('Enter');
      await page.getByText(CONFIRM_TEXT.action('approve', 'objective')).waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Yes' }));
      await page.keyboard.press('Enter');
      await row.waitFor({ state: 'detached' });

      await page.goto('/objective-tracking/objectives');
      await page.getByTestId('objective-card').first().waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Filters', exact: true }));
      await page.keyboard.press('Enter');
      await chooseWithKeys(page, page.getByRole('combobox', { name: 'Assignee' }), DEMO_USERS.member.name);
      await chooseWithKeys(page, page.getByRole('combobox', { name: 'Status' }), 'completed');
      await page.getByTestId('objective-card').filter({ hasText: title }).getByText('completed', { exact: true }).waitFor();

      // back to every objective of the team, then to the second page of the list
      await tabTo(page, page.getByRole('button', { name: 'Clear Filters' }), { back: true });
      await page.keyboard.press('Enter');
      const next = page.getByRole('button', { name: 'Next page' });
      await tabTo(page, next, { max: 300 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    }), 150_000);

  it('the timeline: zoom, collapse every row, and open an objective, from its toolbar and rows', () =>
    withKeyboard('lead', async (page) => {
      await page.goto('/objective-tracking/timeline');
      await page.getByRole('treeitem').first().waitFor();
      const level = page.getByTestId('zoom-level');
      const before = await level.textContent();
      // the toolbar is one Tab stop; the arrows move inside it
      const toolbar = page.getByRole('toolbar', { name: 'Timeline tools' });
      await tabTo(page, toolbar);
      const zoomIn = toolbar.getByRole('button', { name: 'Zoom in' });
      for (let i = 0; i < 8 && !(await isFocused(zoomIn)); i += 1) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect.poll(() => level.textContent()).not.toBe(before);

      const collapseAll = toolbar.getByRole('button', { name: 'Collapse all' });
      for (let i = 0; i < 8 && !(await isFocused(collapseAll)); i += 1) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[role="treeitem"][aria-expanded="true"]').count()).toBe(0);

      // Tab into the chart lands on the first row in view (it opens scrolled to the person's own row)
      const key = await page.locator('[role="treeitem"]').filter({ has: page.locator('button[title]:not([tabindex="-1"])') }).first().getAttribute('data-row');
      const first = page.locator(`[data-row="${key}"]`);
      const name = (await first.locator('button[title]').textContent()) ?? '';
      await tabTo(page, first.locator('button[title]'));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }), 120_000);

  it('the directory: find oneself, open the profile and change the phone number', () =>
    withKeyboard('member', async (page) => {
      await page.goto('/super-awesome-team');
      await page.getByTestId('member-card').first().waitFor();
      await typeInto(page, page.getByRole('searchbox', { name: 'Search' }), DEMO_USERS.member.name);
      const card = page.getByTestId('member-card').filter({ hasText: DEMO_USERS.member.name });
      await expect.poll(() => page.getByTestId('member-card').count(), { timeout: 10_000 }).toBe(1);
      await tabTo(page, card);
      await page.keyboard.press('Enter');
      const info = page.getByRole('region', { name: 'User Information' });
      const edit = info.getByRole('button', { name: 'Edit' });
      await tabTo(page, edit);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Edit User Info' });
      await dialog.waitFor();
      await typeInto(page, dialog.getByRole('textbox', { name: /^Phone/ }), '+40 764 307 866');
      await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => info.textContent()).toContain('+40 764 307 866');
      await expect.poll(() => isFocused(edit)).toBe(true);
    }));

  it('the admin tabs: arrows move between them and Enter opens one', () =>
    withKeyboard('admin', async (page) => {
      await page.goto('/admin');
      const tabs = page.getByRole('tablist');
      await tabTo(page, tabs);
      const teams = tabs.getByRole('tab', { name: 'Teams' });
      for (let i = 0; i < 10 && !(await isFocused(teams)); i += 1) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect.poll(() => teams.getAttribute('aria-selected')).toBe('true');
      await page.waitForURL((url) => url.searchParams.get('tab') === 'teams');
      // the tab's own content is next in the Tab order
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="tablist"]') === null)).toBe(true);
    }));
});
