import { describe, expect, it } from 'vitest';
import { alignmentLinksSchema, linkCreateSchema } from '../../shared/api/alignment';
import { levelObjectiveFormSchema, objectiveFormSchema, objectiveResponseSchema } from '../../shared/api/objectives';
import { statisticsResponseSchema } from '../../shared/api/statistics';
import { inDays, useBrowser } from './helpers';
import { apiAs } from './hub-api';

// Alignment in the statistics and the parents on the timeline, in Chromium: the
// statistics page's Alignment card (the share, the table by team, the company objectives nothing
// supports as links to their details) and a timeline row's 'Supports' line. The data is made
// through the hub with unique titles, so the tests need nothing of the demo's own links.

const { signedIn } = useBrowser({ noErrors: true, failureShot: 'alignment-figures', viewport: { width: 1280, height: 900 } });
const SHOTS = process.env.STATISTICS_SHOTS;

const fields = (title: string, deadline = inDays(30)) => ({
  title, description: 'Made by the alignment figures e2e test.', category: 'Technology' as const, subcategory: 'Development', priority: 'medium' as const, deadline,
});

async function companyObjective(title: string, deadline?: string) {
  const { call, me: whoAmI } = await apiAs('owner');
  const me = await whoAmI();
  return call(objectiveResponseSchema.shape.data, 'POST', '/alignment/objectives', levelObjectiveFormSchema.parse({ ...fields(title, deadline), level: 'company', ownerId: me.id, isPublic: true }));
}

/** The member's own objective, supporting `parentId`. */
async function supportingObjective(title: string, parentId: number) {
  const { call, me: whoAmI } = await apiAs('member');
  const me = await whoAmI();
  const objective = await call(objectiveResponseSchema.shape.data, 'POST', '/objective', objectiveFormSchema.parse({ ...fields(title), teamId: me.teamIds[0], ownerId: me.id, isPublic: false }));
  await call(alignmentLinksSchema, 'POST', `/objective/${objective.id}/links`, linkCreateSchema.parse({ parentId }));
  return objective;
}

describe('alignment in statistics and on the timeline', () => {
  it("statistics: the Alignment card gives the hub's share and lists a company objective nothing supports as a link to its details; a supported one is not listed", async () => {
    const stamp = Date.now();
    const lonely = await companyObjective(`Nothing supports this ${stamp}`, inDays(1));
    const backed = await companyObjective(`Backed company goal ${stamp}`, inDays(1));
    await supportingObjective(`Backing it ${stamp}`, backed.id);
    const hub = (await (await apiAs('owner')).call(statisticsResponseSchema.shape.data, 'GET', '/statistics')).alignment!;

    await signedIn('owner', async ({ page }) => {
      await page.goto('/objective-tracking/statistics');
      await page.getByRole('heading', { level: 2, name: 'Alignment' }).waitFor();
      await page.getByText(`${hub.supporting} of ${hub.objectives} objectives (${hub.percent}%) support a team or company objective.`).waitFor();
      const table = page.getByRole('table', { name: 'Alignment by team' });
      expect(await table.getByRole('row').count()).toBe(hub.byTeam.length + 1);
      const list = page.getByRole('list', { name: 'Company objectives nothing supports' });
      await list.getByRole('link', { name: lonely.title }).waitFor();
      expect(await list.getByRole('link', { name: backed.title }).count()).toBe(0);
      if (SHOTS) {
        // light and dark follow the system's colour scheme (the demo's choice is 'system')
        const card = page.locator('div').filter({ has: page.getByRole('heading', { level: 2, name: 'Alignment', exact: true }) }).last();
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await card.scrollIntoViewIfNeeded();
          await card.screenshot({ path: `${SHOTS}/statistics-alignment-${scheme}.png` });
          await page.screenshot({ path: `${SHOTS}/statistics-${scheme}.png` });
        }
      }
      await list.getByRole('link', { name: lonely.title }).click();
      await page.getByRole('heading', { level: 1, name: lonely.title }).waitFor();
    });
  });

  it("timeline: a row shows 'Supports: …' with the parent's title, beside its bar and in its label's tooltip", async () => {
    const stamp = Date.now();
    const parent = await companyObjective(`Timeline parent ${stamp}`);
    const child = await supportingObjective(`Timeline child ${stamp}`, parent.id);
    await signedIn('member', async ({ page }) => {
      await page.goto('/objective-tracking/timeline');
      await page.getByRole('search', { name: 'Timeline filters' }).getByRole('combobox', { name: 'Show' }).selectOption('mine');
      const tree = page.getByRole('tree', { name: 'Timeline' });
      // rows are drawn as they scroll into view; the newest objective is last
      await expect.poll(async () => {
        await tree.evaluate((el) => { el.scrollTop = el.scrollHeight; });
        return tree.locator('[data-row]').filter({ hasText: child.title }).count();
      }).toBeGreaterThan(0);
      const row = tree.locator(`[data-row="o${child.id}"]`);
      await expect.poll(() => row.getByTestId('timeline-supports').textContent()).toBe(`Supports: ${parent.title}`);
      expect(await row.getByRole('button', { name: child.title }).getAttribute('title')).toContain(`Supports: ${parent.title}`);
      // zoomed to fit and scrolled to the end, the line is in view beside the bar, not past the chart
      await page.getByRole('button', { name: 'Zoom to fit' }).click();
      await tree.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
      const [line, view] = await Promise.all([row.getByTestId('timeline-supports').boundingBox(), tree.boundingBox()]);
      expect(line!.x + line!.width).toBeLessThanOrEqual(view!.x + view!.width);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/timeline-supports.png` });
    });
  });
});
