import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LARGE_COMPANY } from '../server/db/seed/large';
import { startHub, type RunningHub } from '../server/start';
import { launchBrowser } from '../tests/support/browser';
import { buildRenderer } from '../tests/support/e2e-global-setup';
import { largeDatabase, type LargeDatabase } from './support/large-company';

// issue 10 bench/ui.ts: Debian's Chromium (playwright-core) on the web build served by a hub on
// the large company in PostgreSQL. Per screen, in a fresh browser context signed in as `owner`
// (who sees every objective and every member): time from navigation to the first objective
// card, to the directory's first member cards and then to the answer of a search typed into it
// (interactive), and to the first drawn timeline row; plus the JavaScript the page loaded
// (decoded bytes of every .js resource, counted from the browser's resource timing).
//
//   npx tsx bench/ui.ts [--staff N]          (DATABASE_URL=postgres://... to reuse a database)

const args = process.argv.slice(2);
const STAFF = args.includes('--staff') ? Number(args[args.indexOf('--staff') + 1]) : LARGE_COMPANY.staff;
const WEB_ROOT = path.resolve('dist/renderer');
const PATHS = { objectives: '/objective-tracking/objectives', directory: '/super-awesome-team', timeline: '/objective-tracking/timeline' };
const WATCHDOG_MS = 30 * 60_000;

const watchdog = setTimeout(() => {
  console.error(`bench/ui: gave up after ${WATCHDOG_MS / 60_000} min`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

/** Set before any page script: when each selector first appears (ms since navigation start). */
const PROBE = `
  window.__seen = {};
  const selectors = ['[data-testid="objective-card"]', '[data-testid="member-card"]', '[data-row]'];
  new MutationObserver(() => {
    for (const s of selectors) if (!(s in window.__seen) && document.querySelector(s)) window.__seen[s] = performance.now();
  }).observe(document, { childList: true, subtree: true });
`;

const JS_BYTES = `performance.getEntriesByType('resource')
  .filter((e) => /\\.m?js(\\?|$)/.test(e.name))
  .reduce((sum, e) => sum + (e.decodedBodySize || 0), 0)`;

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill('demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // `lead` meets the first-login stepper (design §5 demo users); owner goes straight in.
  const shell = page.getByTestId('user-name');
  for (const step of ['Confirm your information', 'See team mates']) {
    const heading = page.getByRole('heading', { name: step });
    await shell.or(heading).first().waitFor();
    if (await shell.isVisible()) break;
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await shell.waitFor();
}

interface Screen {
  firstMs: number;
  jsBytes: number;
  extra?: string;
}

async function measure(
  browser: Browser, baseURL: string, username: string, target: string, selector: string, after?: (page: Page) => Promise<string>,
): Promise<Screen> {
  const context: BrowserContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 820 }, locale: 'en-GB' });
  context.setDefaultTimeout(120_000);
  try {
    const page = await context.newPage();
    await signIn(page, username);
    await context.addInitScript(PROBE);
    // A full navigation: the app starts from scratch on this screen, as after a reload or a link.
    await page.goto(target);
    await page.locator(selector).first().waitFor();
    const firstMs = (await page.evaluate(`window.__seen[${JSON.stringify(selector)}]`)) as number;
    const extra = after ? await after(page) : undefined;
    const jsBytes = (await page.evaluate(JS_BYTES)) as number;
    return { firstMs, jsBytes, extra };
  } finally {
    await context.close();
  }
}

/** Types into the header search on the directory and waits for the member count to change. */
async function searchDirectory(page: Page): Promise<string> {
  const count = page.getByText(/^\d+ members?$/).first();
  await count.waitFor();
  const before = await count.textContent();
  const started = Date.now();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Ionescu');
  await page.waitForFunction((text) => {
    const el = [...document.querySelectorAll('span,div')].find((e) => /^\d+ members?$/.test(e.textContent ?? ''));
    return el !== undefined && el.textContent !== text;
  }, before);
  return `${before} -> '${await count.textContent()}' ${Date.now() - started} ms after typing 'Ionescu'`;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

let database: LargeDatabase | undefined;
let hub: RunningHub | undefined;
let browser: Browser | undefined;
try {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
    console.log('building the renderer (dist/renderer has no index.html)…');
    buildRenderer();
  }
  database = await largeDatabase(STAFF, console.log);
  hub = await startHub({ databaseUrl: database.url, port: 0, host: '127.0.0.1', demo: false, imports: false, webRoot: WEB_ROOT, logger: false });
  const counts = (await hub.database.db.execute(
    sql`select (select count(*) from users)::int as users, (select count(*) from objectives)::int as objectives, (select count(*) from key_results)::int as krs`,
  )) as unknown as { rows: Array<{ users: number; objectives: number; krs: number }> };
  const { users, objectives, krs } = counts.rows[0];
  console.log(`hub ${hub.url} on PostgreSQL: ${users} users, ${objectives} objectives, ${krs} key results`);
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}; Chromium 1366x820, signed in as owner`);
  browser = await launchBrowser();
  const screens: Array<[string, () => Promise<Screen>]> = [
    ['objectives (owner): first card', () => measure(browser!, hub!.url, 'owner', PATHS.objectives, '[data-testid="objective-card"]')],
    ['directory (owner): first cards', () => measure(browser!, hub!.url, 'owner', PATHS.directory, '[data-testid="member-card"]', searchDirectory)],
    // The timeline shows one's own objectives first: the team lead has some, the owner none.
    ['timeline (lead): first drawn row', () => measure(browser!, hub!.url, 'lead', PATHS.timeline, '[data-row]')],
  ];
  console.log('');
  for (const [name, run] of screens) {
    try {
      const screen = await run();
      console.log(`${name.padEnd(36)} ${`${Math.round(screen.firstMs)} ms`.padStart(9)} after navigation, JS loaded ${kib(screen.jsBytes).padStart(9)}${screen.extra ? `; search ${screen.extra}` : ''}`);
    } catch (error) {
      console.log(`${name.padEnd(36)} FAILED: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
} finally {
  await browser?.close();
  await hub?.close();
  await database?.stop();
}
process.exit(0);
