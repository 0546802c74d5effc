import os from 'node:os';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { startHub, type RunningHub } from '../server/start';
import { launchBrowser } from '../tests/support/browser';
import { buildRenderer, WEB_ROOT } from '../tests/support/e2e-global-setup';

// "Fewer, larger chunks for the first screen after sign-in": what a person waits for on
// the web, counted as the browser's network stack sees it (Chrome DevTools Protocol), on the demo
// company at a quiet load:
// - the login page: requests and bytes on the wire, before sign-in;
// - the objectives page from a cold cache (a fresh browser profile holding only what sign-in
//   left: the session cookie and the user in storage): requests, assets among them, bytes, and the first objective card after navigation;
// - the same page again (a reload): assets fetched over the network again (should be none: hashed
//   files are immutable).
// The offline service worker precaches the build in the background once the page has loaded: its
// fetches run in the worker, not the page, and are reported on their own line.
//
//   npx tsx bench/first-screen.ts [runs, default 5] [--no-build]   (E2E_WEB_ROOT=... builds elsewhere)

const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const OBJECTIVES = '/objective-tracking/objectives';
const CARD = '[data-testid="objective-card"]';

interface Loaded { url: string; bytes: number; cached: boolean }

/** Every request the page's network stack handles so far, with its bytes on the wire and cache use. */
async function watchNetwork(page: Page): Promise<() => Loaded[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Loaded>();
  cdp.on('Network.requestWillBeSent', (e) => byId.set(e.requestId, { url: e.request.url, bytes: 0, cached: false }));
  cdp.on('Network.requestServedFromCache', (e) => { const r = byId.get(e.requestId); if (r) r.cached = true; });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (r && (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker)) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => { const r = byId.get(e.requestId); if (r) r.bytes = e.encodedDataLength; });
  return () => [...byId.values()];
}

const isAsset = (url: string) => /\/assets\//.test(new URL(url).pathname);
const fromNetwork = (list: Loaded[]) => list.filter((r) => !r.cached && !r.url.startsWith('data:'));
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const PROBE = `
  window.__firstCard = undefined;
  new MutationObserver(() => {
    if (window.__firstCard === undefined && document.querySelector(${JSON.stringify(CARD)})) window.__firstCard = performance.now();
  }).observe(document, { childList: true, subtree: true });
`;

async function loginPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const all = await watchNetwork(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = fromNetwork(all());
    return { requests: loaded.length, bytes: loaded.reduce((s, r) => s + r.bytes, 0) };
  } finally {
    await context.close();
  }
}

/** Signed in through the login form: the HttpOnly cookie and the user the renderer keeps in storage. */
async function signedIn(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel(/^Password/).fill('demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.locator(CARD).first().waitFor({ timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

async function objectivesCold(browser: Browser, baseURL: string, storageState: Awaited<ReturnType<typeof signedIn>>) {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1366, height: 820 }, locale: 'en-GB' });
  await context.addInitScript(PROBE);
  try {
    const page = await context.newPage();
    const all = await watchNetwork(page);
    await page.goto(OBJECTIVES);
    await page.locator(CARD).first().waitFor({ timeout: 60_000 });
    const firstCardMs = (await page.evaluate('window.__firstCard')) as number;
    await page.waitForLoadState('networkidle');
    const cold = fromNetwork(all());
    const before = all().length;
    await page.reload();
    await page.locator(CARD).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const again = fromNetwork(all().slice(before)).filter((r) => isAsset(r.url));
    const worker = await page.evaluate(async () => {
      const names = await caches.keys();
      let files = 0;
      for (const name of names) files += (await (await caches.open(name)).keys()).length;
      return files;
    });
    return {
      requests: cold.length,
      assets: cold.filter((r) => isAsset(r.url)).length,
      api: cold.filter((r) => new URL(r.url).pathname.startsWith('/api/')).length,
      bytes: cold.reduce((s, r) => s + r.bytes, 0),
      firstCardMs,
      assetsAgain: again.length,
      workerFiles: worker,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let hub: RunningHub | undefined;
let browser: Browser | undefined;
try {
  if (!process.argv.includes('--no-build')) buildRenderer();
  hub = await startHub({ port: 0, host: '127.0.0.1', demo: true, imports: false, webRoot: WEB_ROOT, logger: false });
  browser = await launchBrowser();
  console.log(`hub ${hub.url} (demo company, PGlite); web build ${WEB_ROOT}`);
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  const login = await loginPage(browser, hub.url);
  console.log(`login page:        ${login.requests} requests, ${kib(login.bytes)} on the wire (target ≤ 200 KB)`);
  const state = await signedIn(browser, hub.url);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await objectivesCold(browser, hub.url, state));
  const first = runs[0];
  console.log(`objectives, cold:  ${first.requests} requests (${first.assets} assets, ${first.api} API), ${kib(first.bytes)} on the wire (target ≤ 30 requests)`);
  console.log(`first card:        median ${Math.round(median(runs.map((r) => r.firstCardMs)))} ms after navigation over ${RUNS} cold runs (${runs.map((r) => Math.round(r.firstCardMs)).join(', ')}) (target ≤ 1000 ms)`);
  console.log(`repeat visit:      ${Math.max(...runs.map((r) => r.assetsAgain))} assets fetched again (target 0)`);
  console.log(`service worker:    ${first.workerFiles} files precached in the background after the page loaded`);
} finally {
  await browser?.close();
  await hub?.close();
}
process.exit(0);
