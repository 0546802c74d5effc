import { describe, expect, it } from 'vitest';
import { FALLBACK_TEXT } from '../../shared/rules/people-messages';
import { useBrowser, waitForPath } from './helpers';

// The dashboard (spec §2): categorised links, the category filter and the name search.
const { signedIn } = useBrowser();

describe('the dashboard', () => {
  it('a member sees links grouped by category, filters by category and searches by name', () =>
    signedIn('member', async ({ page, errors }) => {
      await page.goto('/');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
      // the link groups' headings (the Who's out card has its own)
      const headings = page.getByTestId('link-group').getByRole('heading', { level: 2 });
      await headings.first().waitFor();
      expect(await headings.allTextContents()).toEqual(['DEVELOPMENT', 'HR', 'INTERNAL TOOLS', 'LEARNING', 'OFFICE']);
      const cards = page.getByTestId('link-card');
      expect(await cards.filter({ hasText: 'Status Page' }).count()).toBe(0); // deleted links stay hidden
      expect(await cards.filter({ hasText: 'Employee Handbook' }).textContent()).toContain(FALLBACK_TEXT.noLinkDescription);
      await page.screenshot({ path: '/tmp/dashboard-member.png', fullPage: true });

      // category filter: placeholder 'All', several categories, clearable
      const filter = page.getByRole('combobox', { name: 'Categories' });
      expect(await filter.getAttribute('placeholder')).toBe('All');
      await filter.click();
      await page.getByRole('menuitemcheckbox', { name: 'HR' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Learning' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => headings.allTextContents()).toEqual(['HR', 'LEARNING']);

      // the header's search box filters by name, in any letter case, together with the categories
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('PAY');
      await expect.poll(() => cards.allTextContents()).toHaveLength(1);
      expect(await cards.first().textContent()).toContain('Payslips');
      await search.fill('git');
      await page.getByText('No links match').waitFor();

      await page.getByRole('button', { name: 'Clear categories' }).click();
      await expect.poll(() => headings.allTextContents()).toEqual(['DEVELOPMENT']);
      expect(await cards.first().textContent()).toContain('Git Server');
      await search.fill('');
      await expect.poll(() => headings.count()).toBe(5);
      expect(errors).toEqual([]);
    }));

  it('a card opens its address outside the app', () =>
    signedIn('member', async ({ page, context }) => {
      await page.goto('/dashboard');
      await waitForPath(page, '/dashboard');
      await context.route('https://git.bitstone.example/**', (route) => route.fulfill({ status: 200, body: 'git' }));
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('link-card').filter({ hasText: 'Git Server' }).click(),
      ]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe('https://git.bitstone.example/');
      // and from the keyboard: the card is a link, Enter opens it
      // named by its own text (WCAG 2.5.3), described by where it opens
      const card = page.getByRole('link', { name: /^Git Server/ });
      const hint = await card.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
      expect(hint).toBe('Opens in your browser');
      await card.focus();
      const [again] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
      await again.waitForLoadState();
      expect(again.url()).toBe('https://git.bitstone.example/');
    }));
});
