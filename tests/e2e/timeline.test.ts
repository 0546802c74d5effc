import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { timelineResponseSchema } from '../../shared/api/timeline';
import { isoDay } from '../../shared/rules/dates';
import { barSpan, dayNumber } from '../../shared/rules/timeline';
import { useBrowser, type DemoUser } from './helpers';
import { pageApi } from './hub-api';

// The timeline opens around today with the person's current objectives in view (not at the
// earliest bar, a year back), at every width; in a narrow window each title has a line of its own
// above its bar instead of a column that cut it to a few letters.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'timeline' });
const SHOTS = process.env.TIMELINE_SHOTS;

const CLOSED = ['completed', 'archived', 'deleted', 'rejected'];

async function openTimeline(page: Page): Promise<void> {
  await page.goto('/objective-tracking/timeline');
  await page.locator('[data-row^="o"]').first().waitFor();
}

/** Whether the element's box lies inside the Gantt's visible box (left/right and top/bottom). */
async function inView(page: Page, selector: string, axis: 'x' | 'y' | 'both'): Promise<boolean> {
  const chart = await page.getByRole('tree', { name: 'Timeline' }).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.left + el.clientWidth, top: r.top + 36, bottom: r.top + el.clientHeight }; // 36: the sticky header
  });
  const box = await page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
  const x = box.left >= chart.left && box.left + box.width <= chart.right;
  const y = box.top >= chart.top && box.top + box.height <= chart.bottom;
  return axis === 'x' ? x : axis === 'y' ? y : x && y;
}

describe('the timeline opens at today', () => {
  for (const [user, width] of [['member', 1366], ['lead', 1366], ['member', 480], ['manager', 320]] as const satisfies ReadonlyArray<readonly [DemoUser, number]>) {
    it(`as the ${user} at ${width} px: the today line and their current objective in view`, () =>
      signedIn(user, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const me = await pageApi(page).me();
        const { items } = await pageApi(page).call(timelineResponseSchema.shape.data, 'GET', '/timeline?scope=all');
        const today = dayNumber(isoDay());
        const current = items.filter((o) => o.owner.id === me.id && !CLOSED.includes(o.status));
        const running = current.filter((o) => { const { from, to } = barSpan(o.start, o.deadline); return from <= today && today < to; });
        // the demo gives each of these people work running today, below older objectives
        expect(running.length).toBeGreaterThan(0);
        expect(items.findIndex((o) => o.id === running[0].id)).toBeGreaterThan(0);

        await openTimeline(page);
        await expect.poll(() => inView(page, '[title="Today"]', 'x')).toBe(true);
        const row = `[data-row="o${running[0].id}"]`;
        await expect.poll(() => inView(page, `${row} button[title]`, 'y')).toBe(true);
        // the earliest bar's month is out of view: the chart did not open at its start
        expect(await page.getByRole('tree', { name: 'Timeline' }).evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/timeline-${user}-${width}.png` });

        const layout = await page.getByRole('tree', { name: 'Timeline' }).getAttribute('data-layout');
        expect(layout).toBe(width < 600 ? 'stacked' : 'columns');
        if (layout === 'stacked') {
          // the title's line is the box's width, not a 120 px column: the title is whole or nearly
          const [box, title] = await Promise.all([
            page.getByRole('tree', { name: 'Timeline' }).evaluate((el) => el.clientWidth),
            page.locator(`${row} button[title]`).evaluate((el) => ({ width: el.getBoundingClientRect().width, cut: el.scrollWidth > el.clientWidth, text: el.textContent ?? '' })),
          ]);
          expect(title.width / box).toBeGreaterThan(0.75);
          if (title.text.length <= 30) expect(title.cut).toBe(false);
        }
      }));
  }

  it('a zoom keeps today in view, and folding a row keeps the place', () =>
    signedIn('member', async ({ page }) => {
      await openTimeline(page);
      await expect.poll(() => inView(page, '[title="Today"]', 'x')).toBe(true);
      const level = page.getByTestId('zoom-level');
      const before = await level.textContent();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(() => level.textContent()).not.toBe(before);
      await expect.poll(() => inView(page, '[title="Today"]', 'x')).toBe(true);
      const tree = page.getByRole('tree', { name: 'Timeline' });
      // sideways the place stays when rows fold (only a new answer scrolls to today again)
      await tree.evaluate((el) => { el.scrollLeft -= 40; });
      const left = await tree.evaluate((el) => el.scrollLeft);
      await page.getByRole('button', { name: 'Collapse all' }).click();
      await expect.poll(() => page.locator('[data-row^="k"]').count()).toBe(0);
      expect(await tree.evaluate((el) => el.scrollLeft)).toBe(left);
    }));
});
