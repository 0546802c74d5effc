import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { directoryResponseSchema, profileResponseSchema } from '../../shared/api/people';
import { useBrowser } from './helpers';
import { pageApi } from './hub-api';

// Skill search end to end: "who knows Kubernetes?" in the directory, ranked by matches, the
// Skills filter, and a CV that leaves out a chosen entry.
const { signedIn } = useBrowser({ noErrors: true, failureShot: 'skill-search', viewport: { width: 1400, height: 900 } });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/skill-search-${name}.png` });
const cardNames = (page: Page) => page.getByTestId('member-card').getByTestId('member-name').allTextContents();

/**
 * Each listed person's matches for `word`, counted from the profiles this viewer may open: the
 * name, skills, projects' technical skills and the relevant experience the profile shows them.
 */
async function matchesPerPerson(page: Page, word: string): Promise<Array<{ name: string; matches: number }>> {
  const api = pageApi(page);
  const starts = new RegExp(`(^|[^A-Za-z0-9_])${word}`, 'i');
  const count = (values: string[]) => values.filter((v) => starts.test(v)).length;
  const list = await api.call(directoryResponseSchema.shape.data, 'GET', `/user?search=${encodeURIComponent(word)}&limit=200`);
  const out: Array<{ name: string; matches: number }> = [];
  for (const item of list.items) {
    const { user } = await api.call(profileResponseSchema.shape.data, 'GET', `/user/${item.id}`);
    const x = user.extras;
    const matches = (user.name.toLowerCase().includes(word.toLowerCase()) ? 1 : 0)
      + count((x.personalInfo?.skills ?? []).map((s) => s.name))
      + count((x.projectsInfo ?? []).map((p) => p.technicalSkills ?? ''))
      + count((x.relevantExperience ?? []).map((e) => [e.position, e.description, e.company].filter(Boolean).join(' ')));
    out.push({ name: item.name, matches });
  }
  return out;
}

describe('who knows Kubernetes?', () => {
  it('the search finds the people who know it, most matches first, and the Skills filter agrees', () =>
    signedIn('member', async ({ page }) => {
      await page.goto('/super-awesome-team');
      await page.getByTestId('member-card').first().waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill('Kubernetes');
      const ranked = await matchesPerPerson(page, 'Kubernetes');
      expect(ranked.length).toBeGreaterThan(2);
      expect(ranked.every((p) => p.matches > 0)).toBe(true);
      for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].matches).toBeGreaterThanOrEqual(ranked[i].matches);
      expect(ranked[0].matches).toBeGreaterThan(ranked[ranked.length - 1].matches);
      await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(ranked.map((p) => p.name));
      await shot(page, 'search');

      await page.getByRole('searchbox', { name: 'Search' }).fill('');
      await expect.poll(async () => (await cardNames(page)).length, { timeout: 10_000 }).toBeGreaterThan(ranked.length);
      await page.getByRole('combobox', { name: 'Skills' }).click();
      // Fluent's multi-select options are menu item checkboxes.
      await page.getByRole('menuitemcheckbox', { name: 'Kubernetes', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(ranked.map((p) => p.name));
      await shot(page, 'filter');
    }));

  it('the CV preview leaves out an unticked project', () =>
    signedIn('admin', async ({ page }) => {
      await page.goto('/super-awesome-team');
      await page.getByTestId('member-card').first().waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill('Kubernetes');
      // Wait for the search to apply (the unfiltered directory lists everyone).
      await expect.poll(async () => (await cardNames(page)).length, { timeout: 10_000 }).toBeLessThan(20);
      await page.getByTestId('member-card').first().click();
      await page.getByRole('button', { name: 'Export CV' }).click();
      const dialog = page.getByRole('dialog', { name: 'CV Preview' });
      const preview = dialog.getByTestId('cv-preview');
      const group = dialog.getByTestId('cv-entries').getByRole('group', { name: 'Projects' });
      const projects = group.getByRole('checkbox');
      const title = (await group.locator('label').first().textContent()) ?? '';
      expect(title).not.toBe('');
      expect(await preview.textContent()).toContain(title);
      await projects.first().uncheck();
      await expect.poll(async () => (await preview.textContent())?.includes(title)).toBe(false);
      expect(await projects.first().isChecked()).toBe(false);
      await shot(page, 'cv');
      await projects.first().check();
      await expect.poll(async () => (await preview.textContent())?.includes(title)).toBe(true);
    }));
});
