import type { Page } from 'playwright-core';

// Opening screen after screen in one page, as a person does, and knowing when one has settled:
// what the sweeps that look at every screen (accessibility, reflow) share.

/**
 * Counts the page's requests still on their way (the notification stream, which stays open, aside),
 * so that a screen is looked at once its data has arrived rather than after a fixed wait.
 */
function countRequests(): void {
  const own = window as unknown as { hubPending: number };
  own.hubPending = 0;
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/stream')) return fetch(input, init);
    own.hubPending += 1;
    return fetch(input, init).finally(() => { own.hubPending -= 1; });
  };
}

/**
 * Lets a screen's data and lazy parts arrive before it is looked at: its title, then quiet. Spinners
 * only: an objective's progress and deadline bars are progressbars too, and stay.
 */
export async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await quiet(page);
}

/**
 * No spinner, no request on its way and no transition running, twice a frame apart (an answer can
 * start the next request). axe reads colours half-way through a fade as what they are at that
 * moment; endless animations (a spinner's) are not waited for.
 */
export async function quiet(page: Page): Promise<void> {
  const idle = () => page.waitForFunction(
    () => !document.querySelector('.fui-Spinner, [aria-busy="true"]')
      && (window as unknown as { hubPending?: number }).hubPending === 0
      && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined, { timeout: 10_000, polling: 'raf' });
  await idle();
  await page.evaluate(() => new Promise((resolve) => { requestAnimationFrame(() => requestAnimationFrame(resolve)); }));
  await idle();
}

const counting = new WeakSet<Page>();

/**
 * Counts the page's requests from its next load on, for a page that is about to be loaded anyway
 * (a sign-in): openScreen then goes by the app's links from the first screen.
 */
export async function countRequestsIn(page: Page): Promise<void> {
  if (counting.has(page)) return;
  counting.add(page);
  await page.addInitScript(countRequests);
}

/**
 * Opens the screen the way the app's own links do (the router follows the history, the page is not
 * loaded again), so each look pays for the screen and not for the app's start; only the first
 * screen loads the page. Another path waits for its own title to replace the last one; another
 * query on the same path (an Admin tab, the org chart's list) for settle's quiet.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  if (!counting.has(page)) {
    await countRequestsIn(page);
    await page.goto(path);
    return;
  }
  const target = new URL(path, page.url());
  const samePath = target.pathname === new URL(page.url()).pathname;
  await page.evaluate(([to, mark]) => {
    const h1 = document.querySelector('h1');
    if (mark && h1) h1.dataset.auditedBefore = '1';
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, [target.pathname + target.search, !samePath] as const);
  if (!samePath) {
    await page.waitForFunction(() => { const h1 = document.querySelector('h1'); return h1 !== null && !h1.dataset.auditedBefore; }, undefined, { timeout: 10_000 });
  }
}
