import { expect, it } from 'vitest';
import { signIn, useBrowser } from './helpers';

// What loads before sign-in stays under 200 KB; feature code is split per route.
// It is measured as it crosses the wire (the hub's brotli copies, headers included), not as
// the files would compress: everything the login page fetches, from its document on.
const BUDGET_BYTES = 200 * 1024;
/** the objectives page from a cold cache, document, scripts and API answers together */
const FIRST_SCREEN_REQUESTS = 30;
const { withSession, withSessions } = useBrowser();

it('the login page transfers under 200 KB, compressed, and no feature screen', () =>
  withSession(async ({ page }) => {
    const sizes: Array<Promise<number>> = [];
    const loaded: string[] = [];
    page.on('requestfinished', (request) => {
      loaded.push(new URL(request.url()).pathname);
      sizes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    const scripts = loaded.filter((p) => /\.(js|css)$/.test(p));
    console.info(`before sign-in: ${loaded.length} requests (${scripts.length} scripts and styles), ${(total / 1024).toFixed(1)} KiB transferred`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(BUDGET_BYTES);
    // Feature screens are not among them.
    expect(scripts.some((p) => /(Objectives|Admin|ShellLayout)Page?-/.test(p))).toBe(false);
  }));

it('the objectives page loads from a cold cache in at most 30 requests', () =>
  withSessions(2, async ([first, cold]) => {
    // Signed in in one browser profile; the second holds only what sign-in left (the session
    // cookie and the user the renderer keeps) and nothing in its cache.
    await signIn(first.page, 'owner');
    const state = await first.context.storageState();
    await cold.context.addCookies(state.cookies);
    const kept = state.origins.flatMap((o) => o.localStorage);
    await cold.context.addInitScript((items) => {
      for (const { name, value } of items) if (localStorage.getItem(name) === null) localStorage.setItem(name, value);
    }, kept);
    const loaded: string[] = [];
    cold.page.on('requestfinished', (request) => loaded.push(new URL(request.url()).pathname));
    await cold.page.goto('/objective-tracking/objectives');
    await cold.page.getByTestId('objective-card').first().waitFor();
    await cold.page.waitForLoadState('networkidle');
    const assets = loaded.filter((p) => p.startsWith('/assets/'));
    console.info(`objectives from a cold cache: ${loaded.length} requests (${assets.length} assets)`);
    expect(assets.length).toBeGreaterThan(0);
    expect(loaded.length).toBeLessThanOrEqual(FIRST_SCREEN_REQUESTS);
  }));
