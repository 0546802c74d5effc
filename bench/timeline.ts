import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { keyResults, objectives, teamMembers, users } from '../server/db/schema';
import { insertChunked, reserveIds } from '../server/db/seed/insert';
import { startHub, type RunningHub } from '../server/start';
import { OBJECTIVE_CATEGORIES, PRIORITIES, type ObjectiveCategory } from '../shared/rules/constants';
import { launchBrowser } from '../tests/support/browser';
import { buildRenderer } from '../tests/support/e2e-global-setup';
import { clickAndPaint, DROPPED_MS, frameLoop, frameStats, type FrameRun } from './support/frames';

// "Timeline": smooth with 500 objectives and 2,000 key results. The demo company on
// in-memory PGlite plus 500 objectives owned by `lead` (4 key results each), the web build served
// by the hub, Debian's Chromium signed in as lead on /objective-tracking/timeline. Prints the API
// answer (time, size), time to the first rows drawn, rows in the DOM (virtualisation), frame
// times while scrolling top to bottom (requestAnimationFrame deltas), and the toolbar actions.
// Everything on 127.0.0.1; the whole run is bounded by a watchdog.
//
//   npx tsx bench/timeline.ts [extra objectives, default 500] [key results each, default 4]

const OBJECTIVES = Number(process.argv[2] ?? 500);
const KRS_EACH = Number(process.argv[3] ?? 4);
const WEB_ROOT = path.resolve('dist/renderer');
const WATCHDOG_MS = 240_000;
/** px scrolled per frame: 7.5 rows a frame, a fast flick (~14,000 px/s at 60 Hz) */
const SCROLL_STEP = 240;

const watchdog = setTimeout(() => {
  console.error(`bench/timeline: gave up after ${WATCHDOG_MS / 1000} s`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

// ---- data ----------------------------------------------------------------------------------

/** mulberry32: the same data on every run */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function insertLoad(hub: RunningHub): Promise<void> {
  const { db } = hub.database;
  const [lead] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'lead'));
  if (!lead) throw new Error('the demo company has no user "lead"');
  const [team] = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(and(eq(teamMembers.userId, lead.id), eq(teamMembers.isLead, true)));
  const random = prng(9);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const categories = Object.keys(OBJECTIVE_CATEGORIES) as ObjectiveCategory[];
  const statuses = ['in progress', 'in progress', 'completed', 'archived', 'waiting for approval'] as const;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());

  await db.transaction(async (tx) => {
    const ids = await reserveIds(tx, 'objectives', OBJECTIVES);
    const objectiveRows: Array<typeof objectives.$inferInsert> = [];
    const krRows: Array<typeof keyResults.$inferInsert> = [];
    ids.forEach((id, i) => {
      const deadline = today + Math.floor((i / OBJECTIVES) * 365 - 180) * DAY_MS; // a year: 6 months back to 6 ahead
      const created = deadline - (14 + Math.floor(random() * 100)) * DAY_MS;
      const status = pick(statuses);
      const category = pick(categories);
      objectiveRows.push({
        id, title: `Bench objective ${i + 1}: ${category.toLowerCase()} goal`, description: 'Timeline benchmark load.', status, category,
        subcategory: pick(OBJECTIVE_CATEGORIES[category]), priority: pick(PRIORITIES), deadline: isoDay(deadline),
        authorId: lead.id, ownerId: lead.id, teamId: team?.teamId ?? null, createdAt: new Date(created), lastModificationDate: new Date(created),
      });
      for (let k = 0; k < KRS_EACH; k += 1) {
        const start = created + Math.floor(random() * ((deadline - created) / DAY_MS / 2)) * DAY_MS;
        const end = start + Math.max(1, Math.floor(random() * ((deadline - start) / DAY_MS))) * DAY_MS;
        krRows.push({
          objectiveId: id, title: `Key result ${k + 1} of objective ${i + 1}`, description: 'Timeline benchmark load.', priority: pick(PRIORITIES),
          deadline: isoDay(end), status: status === 'completed' || random() < 0.3 ? 'completed' : 'in progress', ownerId: lead.id, authorId: lead.id,
          createdAt: new Date(start), lastModificationDate: new Date(start),
        });
      }
    });
    await insertChunked(tx, objectives, objectiveRows);
    await insertChunked(tx, keyResults, krRows);
  });
}

// ---- browser -------------------------------------------------------------------------------

async function signInAsLead(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill('lead');
  await page.getByLabel(/^Password/).fill('demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const shell = page.getByTestId('user-name');
  // A first login goes through the stepper (Confirm your information, See team mates).
  for (const step of ['Confirm your information', 'See team mates']) {
    const heading = page.getByRole('heading', { name: step });
    await shell.or(heading).first().waitFor();
    if (await shell.isVisible()) break;
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await shell.waitFor();
}

// In-page code is passed as strings: tsx's name helpers would not exist in the page.

/** Set before any page script: when the first Gantt row is in the DOM (ms since navigation). */
const FIRST_ROW_PROBE = `
  window.__firstRow = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-row]')) { window.__firstRow = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

interface ScrollResult extends FrameRun { maxRows: number; scrolled: number; lastRow: string | null; crashed: boolean }
const SCROLL_TOP_TO_BOTTOM = (step: number) => frameLoop({
  setup: `
    const el = document.querySelector('[role="tree"][aria-label="Timeline"]');
    el.scrollTop = 0;
    let crashed = false;`,
  each: `
    if (!el.isConnected) { crashed = true; return true; }
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return true;
    el.scrollTop += ${step};`,
  peaks: { maxRows: `document.querySelectorAll('[data-row]').length` },
  end: `(() => {
    const rows = document.querySelectorAll('[data-row]');
    return { scrolled: el.scrollTop, lastRow: rows.length ? rows[rows.length - 1].getAttribute('data-row') : null, crashed };
  })()`,
});

const rowCount = (page: Page, selector = '[data-row]') => page.evaluate(`document.querySelectorAll('${selector}').length`) as Promise<number>;

// ---- run -----------------------------------------------------------------------------------

const ms = (n: number) => `${n.toFixed(1)} ms`;
const figures: Array<[string, string]> = [];
const note = (label: string, value: string) => { figures.push([label, value]); };

if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
  console.log('building the renderer (dist/renderer is missing)…');
  buildRenderer();
}

let hub: RunningHub | undefined;
let browser: Browser | undefined;
let pageErrors: string[] = [];
try {
  const t0 = performance.now();
  hub = await startHub({ port: 0, host: '127.0.0.1', demo: true, webRoot: WEB_ROOT, logger: false });
  await insertLoad(hub);
  const [{ o, k }] = (await hub.database.db.execute(sql`select (select count(*) from objectives)::int as o, (select count(*) from key_results)::int as k`) as unknown as { rows: Array<{ o: number; k: number }> }).rows;
  console.log(`hub at ${hub.url}: demo company + ${OBJECTIVES} objectives × ${KRS_EACH} key results for lead, in ${ms(performance.now() - t0)} (database: ${o} objectives, ${k} key results)`);

  // GET /api/timeline as the renderer asks it (snake_case wire), outside the browser: 1 warm-up, then 5 runs.
  const login = await fetch(`${hub.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'lead', password: 'demo' }) });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const apiRuns: number[] = [];
  let bytes = 0;
  let items: Array<{ key_results: unknown[] }> = [];
  for (let run = 0; run < 6; run += 1) {
    const started = performance.now();
    const res = await fetch(`${hub.url}/api/timeline?scope=all`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET /api/timeline: ${res.status} ${text.slice(0, 200)}`);
    if (run > 0) apiRuns.push(performance.now() - started);
    bytes = Buffer.byteLength(text);
    items = (JSON.parse(text) as { data: { items: typeof items } }).data.items;
  }
  const krCount = items.reduce((n, i) => n + i.key_results.length, 0);
  note('data drawn (lead, "All I can see")', `${items.length} objectives + ${krCount} key results = ${items.length + krCount} rows`);
  note('GET /api/timeline (node, 5 runs)', `median ${ms(frameStats(apiRuns).p50)}, max ${ms(Math.max(...apiRuns))}, ${(bytes / 1024).toFixed(0)} KiB JSON (uncompressed)`);

  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: hub.url, viewport: { width: 1366, height: 820 }, locale: 'en-GB' });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  pageErrors = errors;
  await signInAsLead(page);
  await context.addInitScript(FIRST_ROW_PROBE);

  await page.goto('/objective-tracking/timeline');
  await page.locator('[data-row]').first().waitFor();
  const firstRow = (await page.evaluate('window.__firstRow')) as number;
  const api = (await page.evaluate(`(() => {
    const e = performance.getEntriesByType('resource').find((r) => r.name.includes('/api/timeline'));
    return e ? { start: e.startTime, ms: e.responseEnd - e.startTime, bytes: e.encodedBodySize } : null;
  })()`)) as { start: number; ms: number; bytes: number } | null;
  if (api) note('GET /api/timeline (in the page)', `${ms(api.ms)} (asked at ${ms(api.start)} after navigation), ${(api.bytes / 1024).toFixed(0)} KiB`);
  note('navigation → first rows drawn', ms(firstRow));
  const domRows = await rowCount(page);
  note('row elements in the DOM', `${domRows} of ${items.length + krCount} (virtualised)`);

  const crashes: string[] = [];
  const scroll = async (label: string) => {
    const r = (await page.evaluate(SCROLL_TOP_TO_BOTTOM(SCROLL_STEP))) as ScrollResult;
    const s = frameStats(r.frames);
    if (r.crashed) {
      // The screen unmounted mid-scroll (its error screen replaced the Gantt): say so, reload, go on.
      const why = errors.find((e) => !e.startsWith('Screen failed')) ?? 'the Gantt left the DOM';
      crashes.push(`${label}: ${why.split('\n')[0]}`);
      note(`scroll top → bottom, ${label}`, `CRASHED after ${s.count} frames (${why.split('\n')[0]})`);
      errors.length = 0;
      await page.reload();
      await page.locator('[data-row]').first().waitFor();
      return null;
    }
    note(`scroll top → bottom, ${label}`, `${s.count} frames in ${(r.ms / 1000).toFixed(1)} s: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}, ${s.dropped} over ${DROPPED_MS} ms; ≤ ${r.maxRows} rows in DOM; ended at ${r.lastRow}`);
    return s;
  };
  const zoomName = () => page.getByTestId('zoom-level').textContent();
  const atMonth = await scroll(`${await zoomName()} zoom, ${SCROLL_STEP} px/frame`);

  const collapse = (await page.evaluate(clickAndPaint('Collapse all'))) as number;
  const afterCollapse = await rowCount(page, '[data-row][aria-level="2"]');
  note('collapse all (click → painted)', `${ms(collapse)} (key-result rows left in DOM: ${afterCollapse})`);
  const expand = (await page.evaluate(clickAndPaint('Expand all'))) as number;
  const afterExpand = await rowCount(page, '[data-row][aria-level="2"]');
  note('expand all (click → painted)', `${ms(expand)} (key-result rows in DOM: ${afterExpand})`);

  // Zoom in to Day (the widest chart: one tick and one grid line per day), then zoom to fit.
  let zoomIn = 0;
  while ((await zoomName()) !== 'Day') zoomIn = (await page.evaluate(clickAndPaint('Zoom in'))) as number;
  note('zoom in to Day, last step (click → painted)', ms(zoomIn));
  const atDay = await scroll(`Day zoom, ${SCROLL_STEP} px/frame`);
  const fit = (await page.evaluate(clickAndPaint('Zoom to fit'))) as number;
  note('zoom to fit from Day (click → painted)', `${ms(fit)} → ${await zoomName()}`);
  if (errors.length) note('page errors', errors.join(' | '));

  const width = Math.max(...figures.map(([l]) => l.length));
  console.log(`\nTimeline benchmark (Chromium ${browser.version()}, viewport 1366×820)`);
  for (const [label, value] of figures) console.log(`  ${label.padEnd(width)}  ${value}`);
  if (crashes.length) console.log(`\nNOT smooth: scrolling crashes the timeline screen (${crashes.join('; ')})`);
  else {
    const worst = Math.max(atMonth?.p95 ?? 0, atDay?.p95 ?? 0);
    console.log(`\n${worst <= 33 ? 'smooth' : 'NOT smooth'}: scrolling p95 frame ${ms(worst)} (target ≤ 33 ms)`);
  }
} catch (error) {
  for (const [label, value] of figures) console.error(`  ${label}: ${value}`);
  if (pageErrors.length) console.error(`page errors: ${pageErrors.join(' | ')}`);
  throw error;
} finally {
  await browser?.close();
  await hub?.close();
  clearTimeout(watchdog);
}
