import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPORTING_MESSAGES } from '../../shared/rules/reporting-lines';
import { DEMO_USERS, expectTitle, useBrowser, waitForPath } from './helpers';

// The org chart end to end: the chart from the top, a search that centres on a person, the
// keyboard, folding a team, and a click that opens the profile.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'org-chart', viewport: { width: 1400, height: 900 } });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/org-chart-${name}.png` });
const card = (page: Page, name: string) => page.getByTestId('org-card').filter({ has: page.getByText(name, { exact: true }) });

/** How far the card's centre is from the chart's centre, in pixels. */
async function offCentre(page: Page, name: string): Promise<number> {
  const chart = await page.getByTestId('org-chart').boundingBox();
  const box = await card(page, name).boundingBox();
  if (!chart || !box) return Infinity;
  return Math.hypot(box.x + box.width / 2 - (chart.x + chart.width / 2), box.y + box.height / 2 - (chart.y + chart.height / 2));
}

async function openChart(page: Page) {
  // The side menu entry sits next to the team directory.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('link', { name: 'Org Chart' }).click();
  await waitForPath(page, '/org-chart');
  await expectTitle(page, 'Org chart');
  await page.getByTestId('org-card').first().waitFor();
}

describe('org chart', () => {
  it('a member sees the company from the top, finds a colleague, walks the lines and opens a profile', () =>
    signedIn('member', async ({ page }) => {
      await openChart(page);
      await card(page, DEMO_USERS.owner.name).waitFor();
      await shot(page, 'top');

      const search = page.getByRole('combobox', { name: 'Find a person' });
      await search.fill('Elena Const');
      await page.getByRole('option', { name: new RegExp(DEMO_USERS.member.name) }).click();
      await expect.poll(() => offCentre(page, DEMO_USERS.member.name), { timeout: 10_000 }).toBeLessThan(40);
      await expect.poll(() => card(page, DEMO_USERS.member.name).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await card(page, DEMO_USERS.member.name).textContent()).toContain('Software Engineer');
      await shot(page, 'search');

      // Up goes to her manager (the team lead), Enter opens his profile.
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => card(page, DEMO_USERS.lead.name).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/profile\/\d+$/);
      await page.getByText(DEMO_USERS.lead.name).first().waitFor();
      await page.goBack();
      await page.getByTestId('org-card').first().waitFor();

      // A click on a card opens that person's profile.
      await search.fill('Cristian');
      await page.getByRole('option', { name: new RegExp(DEMO_USERS.manager.name) }).click();
      await expect.poll(() => offCentre(page, DEMO_USERS.manager.name), { timeout: 10_000 }).toBeLessThan(40);
      await card(page, DEMO_USERS.manager.name).click();
      await page.waitForURL(/\/profile\/\d+$/);
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
    }));

  it('the first view cuts no card at the left edge and shows names whole', () =>
    signedIn('member', async ({ page }) => {
      await openChart(page);
      const top = card(page, DEMO_USERS.owner.name);
      await top.waitFor();
      const chart = await page.getByTestId('org-chart').boundingBox();
      const boxes = await page.getByTestId('org-card').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().left));
      expect(chart && Math.min(...boxes)).toBeGreaterThanOrEqual(chart?.x ?? Infinity);
      const topBox = await top.boundingBox();
      expect(chart && topBox && topBox.x + topBox.width).toBeLessThanOrEqual((chart?.x ?? 0) + (chart?.width ?? 0));
      // a name takes two lines rather than an ellipsis ('Mihai Dumit…')
      for (const name of [DEMO_USERS.owner.name, DEMO_USERS.manager.name]) {
        const text = card(page, name).getByText(name, { exact: true });
        expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
      }
      await shot(page, 'first-view');
    }));

  it('folds and unfolds a team, and zooms with the buttons', () =>
    signedIn('guest', async ({ page }) => {
      await openChart(page);
      const search = page.getByRole('combobox', { name: 'Find a person' });
      await search.fill('Alexandru Popa');
      await page.getByRole('option', { name: new RegExp(DEMO_USERS.lead.name) }).click();
      await card(page, DEMO_USERS.member.name).waitFor();
      await card(page, DEMO_USERS.lead.name).getByRole('button', { name: /^Collapse \d+ reports/ }).click();
      await expect.poll(() => card(page, DEMO_USERS.member.name).count(), { timeout: 15_000 }).toBe(0);
      await card(page, DEMO_USERS.lead.name).getByRole('button', { name: /^Expand \d+ reports/ }).click();
      await card(page, DEMO_USERS.member.name).waitFor();

      const zoom = async () => Number(await page.getByTestId('org-chart').getAttribute('data-zoom'));
      const before = await zoom();
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(zoom, { timeout: 15_000 }).toBeLessThan(before);
      await page.getByRole('button', { name: 'Show the whole chart' }).click();
      const everyone = Number((await page.getByText(/^\d+ people\./).textContent())?.split(' ')[0]);
      // Everyone is drawn: as cards, or as plain boxes when the whole chart only fits below a
      // readable zoom (other files' new members can widen the shared demo company).
      const drawn = async () => (await page.getByTestId('org-card').count()) + (await page.getByTestId('org-dot').count());
      await expect.poll(drawn, { timeout: 15_000 }).toBe(everyone);
      await shot(page, 'whole');
      // Further out nobody could read a card: people are drawn as plain boxes.
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(zoom, { timeout: 15_000 }).toBeLessThan(0.45);
      await expect.poll(() => page.getByTestId('org-card').count(), { timeout: 15_000 }).toBe(0);
      await shot(page, 'far');
    }));

  it("the member dialog shows the hub's refusal of a reporting loop under Direct Manager", () =>
    signedIn('admin', async ({ page, errors }) => {
      await openChart(page);
      await page.getByRole('combobox', { name: 'Find a person' }).fill('Cristian');
      await page.getByRole('option', { name: new RegExp(DEMO_USERS.manager.name) }).click();
      await expect.poll(() => offCentre(page, DEMO_USERS.manager.name), { timeout: 10_000 }).toBeLessThan(40);
      await card(page, DEMO_USERS.manager.name).click();
      await page.waitForURL(/\/profile\/\d+$/);
      await page.getByRole('region', { name: 'User Information' }).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit User Info' });
      // The team lead reports to this manager: making him the manager's manager would be a loop.
      await dialog.getByRole('combobox', { name: 'Direct Manager' }).click();
      await page.getByRole('option', { name: DEMO_USERS.lead.name, exact: true }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(REPORTING_MESSAGES.cycle).waitFor();
      await shot(page, 'loop-refused');
      // The refused save is the browser's one expected console error.
      const refused = errors.findIndex((e) => e.includes('status of 400') && /\/api\/user\/\d+\)$/.test(e));
      expect(refused).toBeGreaterThanOrEqual(0);
      errors.splice(refused, 1);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }));
});
