import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { statisticsResponseSchema } from '../../shared/api/statistics';
import { useBrowser, type DemoUser } from './helpers';
import { apiAs } from './hub-api';

// The statistics tables' numbers are right-aligned, and their headers with them (reflow); each
// total sits in its own column; the cards say why they count different numbers of objectives; and
// under forced colours the charts keep their text.
const { signedIn } = useBrowser({ failureShot: 'statistics' });
const SHOTS = process.env.STATISTICS_SHOTS;

/** Where a cell's text ends, in page pixels (the cell itself spans the whole column). */
const textRight = (cell: Locator) =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect().right;
  });

async function openStatistics(page: Page): Promise<void> {
  await page.goto('/objective-tracking/statistics');
  await page.getByRole('table', { name: 'Objectives by status' }).getByRole('row').nth(1).waitFor();
}

/** Each chart's SVG texts, with their fill as the page resolves it, and the system's CanvasText and Canvas. */
async function chartTexts(chart: Locator) {
  return chart.evaluate((host) => {
    const probe = document.createElement('span');
    document.body.appendChild(probe);
    const resolve = (colour: string) => {
      probe.style.color = '';
      probe.style.color = colour;
      return getComputedStyle(probe).color;
    };
    const texts = [...host.querySelectorAll('svg text')].map((t) => ({ text: t.textContent ?? '', fill: resolve(t.getAttribute('fill') ?? '') }));
    const system = { canvasText: resolve('CanvasText'), canvas: resolve('Canvas') };
    probe.remove();
    return { texts, ...system };
  });
}

describe('statistics tables', () => {
  it("'By employee': each number column's header ends where its numbers end", () =>
    signedIn('owner', async ({ page }) => {
      await page.goto('/objective-tracking/statistics');
      const table = page.getByRole('table', { name: 'Objectives by employee' });
      await table.getByRole('row').nth(1).waitFor();
      const headers = table.getByRole('columnheader');
      const firstRow = table.getByRole('row').nth(1).getByRole('cell');
      expect(await headers.count()).toBe(8);
      // Name and Team are text, left as they are; the six after them are counts
      for (let column = 2; column < 8; column += 1) {
        const [head, number] = await Promise.all([textRight(headers.nth(column)), textRight(firstRow.nth(column))]);
        expect(Math.abs(head - number)).toBeLessThanOrEqual(2);
      }
    }));

  for (const user of ['owner', 'member'] as const satisfies readonly DemoUser[]) {
    it(`as the ${user}: each Total sits in its own column, and By team and Alignment say which objectives they leave out`, async () => {
      const hub = await (await apiAs(user)).call(statisticsResponseSchema.shape.data, 'GET', '/statistics');
      await signedIn(user, async ({ page }) => {
        await openStatistics(page);
        const table = page.getByRole('table', { name: 'Objectives by status' });
        const headers = table.getByRole('columnheader');
        expect(await headers.allTextContents()).toEqual(['Status', 'In time', 'Overdue', 'Total', 'Percent']);
        const total = table.getByRole('row').last().getByRole('cell');
        const inTime = hub.byStatus.items.reduce((n, r) => n + r.inTime, 0);
        const overdue = hub.byStatus.items.reduce((n, r) => n + r.overdue, 0);
        expect(await total.allTextContents()).toEqual(['Total', String(inTime), String(overdue), String(hub.byStatus.total), '100%']);
        // the total under Total, not under In time
        for (let column = 1; column < 5; column += 1) {
          const [head, figure] = await Promise.all([textRight(headers.nth(column)), textRight(total.nth(column))]);
          expect(Math.abs(head - figure)).toBeLessThanOrEqual(2);
        }

        // the demo has company objectives, which every role sees: By team leaves them out, and says so
        const teams = hub.byTeam.reduce((n, t) => n + t.total, 0);
        const { company = 0, teamDeleted = 0 } = hub.noTeam ?? {};
        expect(company).toBeGreaterThan(0);
        expect(teams + company + teamDeleted).toBe(hub.byStatus.total);
        const note = await page.getByTestId('by-team-note').textContent();
        expect(note).toMatch(new RegExp(`^By team counts ${teams} of the ${hub.byStatus.total} objectives: it leaves out ${company} company objectives?, which belongs? to no team`));
        expect(await page.getByTestId('alignment-company-note').textContent()).toMatch(new RegExp(`^The ${company} company objectives? (is|are) left out`));
        expect((hub.alignment?.objectives ?? 0) + company).toBe(hub.byStatus.total);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/statistics-totals-${user}.png`, fullPage: true });
      });
    });
  }

  it('under forced colours the charts keep their axis numbers, names and legend, in the system text colour, light and dark', () =>
    signedIn('owner', async ({ page }) => {
      await page.emulateMedia({ forcedColors: 'active', colorScheme: 'light' });
      await openStatistics(page);
      const charts = page.getByRole('img', { name: /^Objectives by (status|category|team) chart$/ });
      await expect.poll(() => charts.count()).toBe(3);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
        for (let i = 0; i < 3; i += 1) {
          const chart = charts.nth(i);
          // the chart is drawn anew in the other palette; wait until its text is in the system's
          await expect.poll(async () => {
            const { texts, canvasText } = await chartTexts(chart);
            return texts.length > 0 && texts.every((t) => t.fill === canvasText);
          }, { timeout: 10_000 }).toBe(true);
          const { texts, canvasText, canvas } = await chartTexts(chart);
          expect(canvasText).not.toBe(canvas);
          const words = texts.map((t) => t.text);
          expect(words).toContain('0'); // the value axis
          if (i < 2) expect(words).toEqual(expect.arrayContaining(['In time', 'Overdue'])); // the legend
        }
        const status = await chartTexts(charts.nth(0));
        expect(status.texts.map((t) => t.text)).toEqual(expect.arrayContaining(['archived', 'completed'])); // the category axis
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/statistics-forced-${scheme}.png`, fullPage: true });
      }
    }));
});
