import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPORTING_MESSAGES } from '../../shared/rules/reporting-lines';
import { DEMO_USERS, expectTitle, useBrowser, waitForPath, type DemoUser } from './helpers';

// The org chart end to end: it opens fitted to the window with readable text (a list when the
// window is too narrow for the chart), a search that centres on a person, the keyboard, folding a
// team, and a click that opens the profile.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'org-chart', viewport: { width: 1400, height: 900 } });

const SHOTS = process.env.ORG_CHART_SHOTS ?? '/tmp';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/org-chart-${name}.png` });
const EVERY_ROLE = Object.keys(DEMO_USERS) as DemoUser[];

/** The smallest text on the cards (or rows) drawn, in screen pixels: font size × the chart's zoom. */
async function smallestText(page: Page, testId: 'org-card' | 'org-row', zoom: number): Promise<number> {
  const sizes = await page.getByTestId(testId).locator('span').evaluateAll((spans) =>
    spans.filter((el) => el.textContent?.trim()).map((el) => parseFloat(getComputedStyle(el).fontSize)));
  return Math.min(...sizes) * zoom;
}

const chartZoom = async (page: Page) => Number(await page.getByTestId('org-chart').getAttribute('data-zoom'));
const card = (page: Page, name: string) => page.getByTestId('org-card').filter({ has: page.getByText(name, { exact: true }) });

/** How far the card's centre is from the chart's centre, in pixels. */
async function offCentre(page: Page, name: string): Promise<number> {
  const chart = await page.getByTestId('org-chart').boundingBox();
  const box = await card(page, name).boundingBox();
  if (!chart || !box) return Infinity;
  return Math.hypot(box.x + box.width / 2 - (chart.x + chart.width / 2), box.y + box.height / 2 - (chart.y + chart.height / 2));
}

async function openChart(page: Page, testId: 'org-card' | 'org-row' = 'org-card') {
  // The side menu entry sits next to the team directory.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('link', { name: 'Org Chart' }).click();
  await waitForPath(page, '/org-chart');
  await expectTitle(page, 'Org chart');
  await page.getByTestId(testId).first().waitFor();
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

  for (const user of EVERY_ROLE) {
    it(`as the ${user} at 1366 px: opens fitted to the window, every card whole inside it, text 12 px or more, names and job titles whole`, () =>
      signedIn(user, async ({ page }) => {
        await page.setViewportSize({ width: 1366, height: 820 });
        await openChart(page);
        const top = card(page, DEMO_USERS.owner.name);
        await top.waitFor();
        const chart = await page.getByTestId('org-chart').boundingBox();
        if (!chart) throw new Error('no chart');
        // nothing cut at any side: the deeper teams are folded instead (their count on the fold button)
        const boxes = await page.getByTestId('org-card').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
        expect(boxes.length).toBeGreaterThan(1);
        for (const b of boxes) {
          expect(b.left).toBeGreaterThanOrEqual(chart.x);
          expect(b.right).toBeLessThanOrEqual(chart.x + chart.width);
          expect(b.top).toBeGreaterThanOrEqual(chart.y);
          expect(b.bottom).toBeLessThanOrEqual(chart.y + chart.height);
        }
        await page.getByTestId('org-card').getByRole('button', { name: /^Expand \d+ reports/ }).first().waitFor();
        expect(await smallestText(page, 'org-card', await chartZoom(page))).toBeGreaterThanOrEqual(12);
        // 'Mihai Dumit…', 'Chief Executive Offi…': a name and a job title take two lines rather than an ellipsis
        for (const name of [DEMO_USERS.owner.name, DEMO_USERS.manager.name]) {
          const text = card(page, name).getByText(name, { exact: true });
          expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
        }
        const job = top.getByText('Chief Executive Officer', { exact: true });
        expect(await job.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
        await shot(page, `first-view-${user}`);
      }));
  }

  for (const [user, width] of [['member', 480], ['guest', 320], ['lead', 320], ['admin', 480]] as const satisfies ReadonlyArray<readonly [DemoUser, number]>) {
    it(`as the ${user} at ${width} px: opens as a list, nothing cut, text 12 px or more; a search unfolds to the person`, () =>
      signedIn(user, async ({ page }) => {
        await page.setViewportSize({ width, height: 820 });
        await openChart(page, 'org-row');
        expect(await page.getByTestId('org-chart').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
        const rows = page.getByTestId('org-row');
        // the top person and their reports, the teams below folded
        expect(await rows.count()).toBeGreaterThan(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        // every row's text wraps inside it: no row runs past its own box
        const overflowing = await rows.evaluateAll((list) => list.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
        expect(overflowing).toEqual([]);
        expect(await smallestText(page, 'org-row', 1)).toBeGreaterThanOrEqual(12);
        await shot(page, `list-${width}-${user}`);

        // the member sits three levels down, folded away at first: the search unfolds her managers
        const row = rows.filter({ has: page.getByText(DEMO_USERS.member.name, { exact: true }) });
        expect(await row.count()).toBe(0);
        await page.getByRole('combobox', { name: 'Find a person' }).fill('Elena Const');
        await page.getByRole('option', { name: new RegExp(DEMO_USERS.member.name) }).click();
        await expect.poll(() => row.evaluate((el) => el === document.activeElement)).toBe(true);
        // Left goes up to her lead; Enter opens his profile
        await page.keyboard.press('ArrowLeft');
        const lead = rows.filter({ has: page.getByText(DEMO_USERS.lead.name, { exact: true }) });
        await expect.poll(() => lead.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/profile\/\d+$/);
        await page.getByRole('heading', { name: 'Profile' }).waitFor();
        await page.getByRole('main').getByText(DEMO_USERS.lead.name).first().waitFor();
      }));
  }

  it('the person picks chart or list; the pick stays after a profile and back', () =>
    signedIn('manager', async ({ page }) => {
      await openChart(page);
      await page.getByRole('button', { name: 'List' }).click();
      const rows = page.getByTestId('org-row');
      await rows.first().waitFor();
      expect(new URL(page.url()).searchParams.get('view')).toBe('list');
      // a click on a row opens the profile; back, the list is still what the person picked
      await rows.first().getByText(DEMO_USERS.owner.name, { exact: true }).click();
      await page.waitForURL(/\/profile\/\d+$/);
      await page.goBack();
      await rows.first().waitFor();
      expect(await page.getByTestId('org-chart').count()).toBe(0);
      // a team unfolds and folds with its button
      const adriana = rows.filter({ has: page.getByRole('button', { name: /7 reports of/ }) });
      const before = await rows.count();
      await adriana.getByRole('button', { name: /^Expand 7 reports/ }).click();
      await expect.poll(() => rows.count()).toBe(before + 7);
      await adriana.getByRole('button', { name: /^Collapse 7 reports/ }).click();
      await expect.poll(() => rows.count()).toBe(before);
      await page.getByRole('button', { name: 'Chart' }).click();
      await page.getByTestId('org-card').first().waitFor();
      expect(new URL(page.url()).searchParams.get('view')).toBe('chart');
    }));

  it('folds and unfolds a team, and zooms with the buttons', () =>
    signedIn('guest', async ({ page }) => {
      await openChart(page);
      const search = page.getByRole('combobox', { name: 'Find a person' });
      await search.fill('Alexandru Popa');
      await page.getByRole('option', { name: new RegExp(DEMO_USERS.lead.name) }).click();
      // the chart opened with the leads' teams folded to fit the window
      await card(page, DEMO_USERS.lead.name).getByRole('button', { name: /^Expand \d+ reports/ }).click();
      await card(page, DEMO_USERS.member.name).waitFor();
      await card(page, DEMO_USERS.lead.name).getByRole('button', { name: /^Collapse \d+ reports/ }).click();
      await expect.poll(() => card(page, DEMO_USERS.member.name).count(), { timeout: 15_000 }).toBe(0);
      await card(page, DEMO_USERS.lead.name).getByRole('button', { name: /^Expand \d+ reports/ }).click();
      await card(page, DEMO_USERS.member.name).waitFor();

      const zoom = async () => Number(await page.getByTestId('org-chart').getAttribute('data-zoom'));
      const before = await zoom();
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await expect.poll(zoom, { timeout: 15_000 }).toBeLessThan(before);
      // the whole chart: everyone unfolded and fitted
      await page.getByRole('button', { name: 'Show the whole chart' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Expand all' }).isDisabled()).toBe(true);
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

  it('under forced colours the reporting lines are drawn in the system text colour', () =>
    signedIn('guest', async ({ page }) => {
      await page.emulateMedia({ forcedColors: 'active', colorScheme: 'light' });
      await openChart(page);
      const [stroke, text] = await page.getByTestId('org-chart').locator('svg path').first().evaluate((path) => {
        const probe = document.createElement('span');
        probe.style.color = 'CanvasText';
        document.body.appendChild(probe);
        const canvasText = getComputedStyle(probe).color;
        probe.remove();
        return [getComputedStyle(path).stroke, canvasText];
      });
      expect(stroke).toBe(text);
      await shot(page, 'forced-colours');
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
