import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { objectives, teamMembers, users } from '../server/db/schema';
import { objectiveLinks } from '../server/db/schema-alignment';
import { insertChunked, reserveIds } from '../server/db/seed/insert';
import { startHub, type RunningHub } from '../server/start';
import { launchBrowser } from '../tests/support/browser';
import { buildRenderer } from '../tests/support/e2e-global-setup';
import { DROPPED_MS, frameLoop, frameStats, type FrameRun } from './support/frames';

// issue 24 'Seeing it': the alignment view opens in under a second and scrolls at 60 frames per
// second. The demo company on in-memory PGlite plus an aligned set of COMPANY company objectives,
// TEAMS team objectives under each and PERSONAL personal objectives under each of those (by
// default 40 × 50 × 25: 52,040 objectives and as many links), the web build served by the hub,
// Debian's Chromium signed in as the owner on /objective-tracking/alignment. Prints the tree
// route's times, navigation → first row drawn, unfolding, the rows in the DOM (virtualised) and
// the frame times while scrolling 2,000 unfolded rows. The view reads one level at a time, so
// its cost follows the rows unfolded, not the company's size. Everything on 127.0.0.1.
//
//   npx tsx bench/alignment-view.ts [company] [teams per company] [personal per team]

const COMPANY = Number(process.argv[2] ?? 40);
const TEAMS = Number(process.argv[3] ?? 50);
const PERSONAL = Number(process.argv[4] ?? 25);
const UNFOLD = Math.min(COMPANY, 40);
const WEB_ROOT = path.resolve(process.env.BENCH_WEB_ROOT ?? 'dist/renderer');
const WATCHDOG_MS = 300_000;
const SCROLL_FRAMES = 300;

const watchdog = setTimeout(() => {
  console.error(`bench/alignment-view: gave up after ${WATCHDOG_MS / 1000} s`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

// ---- data ----------------------------------------------------------------------------------

type ObjectiveRow = typeof objectives.$inferInsert;

async function personId(hub: RunningHub, username: string): Promise<{ id: number }> {
  const [row] = await hub.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`the demo company has no user "${username}"`);
  return row;
}

/** The aligned set: company objectives (the owner's), team objectives (the lead's, Phoenix), personal ones (the member's). */
async function insertAligned(hub: RunningHub): Promise<number> {
  const owner = await personId(hub, 'owner');
  const lead = await personId(hub, 'lead');
  const member = await personId(hub, 'member');
  const [membership] = await hub.database.db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, lead.id)).limit(1);
  const phoenix = membership?.teamId ?? null;
  const now = new Date();
  const deadline = new Date(now.getTime() + 60 * 86_400_000).toISOString().slice(0, 10);
  const total = COMPANY * (1 + TEAMS * (1 + PERSONAL));
  await hub.database.db.transaction(async (tx) => {
    const ids = await reserveIds(tx, 'objectives', total);
    let next = 0;
    const rows: ObjectiveRow[] = [];
    const links: Array<typeof objectiveLinks.$inferInsert> = [];
    const objective = (title: string, level: string, personIdOf: number, teamId: number | null): number => {
      const id = ids[next++];
      rows.push({
        id, title, description: 'Bench objective.', status: 'in progress', category: 'Management', subcategory: 'Projects', priority: 'medium',
        deadline, isPublic: true, authorId: personIdOf, ownerId: personIdOf, teamId, level, rollupMode: level === 'personal' ? 'key_results' : 'children',
        createdAt: now, lastModificationDate: now,
      });
      return id;
    };
    for (let c = 0; c < COMPANY; c += 1) {
      const companyId = objective(`Bench company ${String(c + 1).padStart(3, '0')}`, 'company', owner.id, null);
      for (let t = 0; t < TEAMS; t += 1) {
        const teamId = objective(`Bench team ${c + 1}.${t + 1}`, 'team', lead.id, phoenix);
        links.push({ parentObjectiveId: companyId, childObjectiveId: teamId });
        for (let p = 0; p < PERSONAL; p += 1) {
          links.push({ parentObjectiveId: teamId, childObjectiveId: objective(`Bench personal ${c + 1}.${t + 1}.${p + 1}`, 'personal', member.id, phoenix) });
        }
      }
    }
    await insertChunked(tx, objectives, rows);
    await insertChunked(tx, objectiveLinks, links);
  });
  return total;
}

// ---- browser -------------------------------------------------------------------------------

async function signInAsOwner(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill('owner');
  await page.getByLabel(/^Password/).fill('demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('user-name').waitFor();
}

/** Set before any page script: when the first row of the tree is in the DOM (ms since navigation). */
const FIRST_ROW_PROBE = `
  window.__firstRow = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role="treeitem"]')) { window.__firstRow = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

interface ScrollResult extends FrameRun { maxRows: number; maxNodes: number }
/** Scrolls the tree by `dy` px a frame (what a fast trackpad does), down then back up. */
const SCROLL = (frames: number, dy: number) => frameLoop({
  setup: `const el = document.querySelector('[data-testid="alignment-tree"]');`,
  each: `
    if (frame > ${frames}) return true;
    el.scrollTop += frame < ${frames} / 2 ? ${dy} : -${dy};`,
  peaks: { maxRows: `el.querySelectorAll('[role="treeitem"]').length`, maxNodes: `el.querySelectorAll('*').length` },
});

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
const pageErrors: string[] = [];
try {
  const t0 = performance.now();
  hub = await startHub({ port: 0, host: '127.0.0.1', demo: true, webRoot: WEB_ROOT, logger: false });
  const added = await insertAligned(hub);
  console.log(`hub at ${hub.url}: demo company + ${added} aligned objectives, in ${ms(performance.now() - t0)}`);

  const login = await fetch(`${hub.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'owner', password: 'demo' }) });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const timeRoute = async (label: string, route: string) => {
    const runs: number[] = [];
    let count = 0;
    for (let run = 0; run < 6; run += 1) {
      const started = performance.now();
      const res = await fetch(`${hub?.url}/api${route}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${route}: ${res.status} ${text.slice(0, 200)}`);
      if (run > 0) runs.push(performance.now() - started);
      count = (JSON.parse(text) as { data: { items: unknown[] } }).data.items.length;
    }
    note(`GET /api${label} (node, 5 runs)`, `median ${ms(frameStats(runs).p50)}, max ${ms(Math.max(...runs))}, ${count} nodes`);
  };
  await timeRoute('/alignment/tree (the top)', '/alignment/tree?limit=100');
  const top = (await (await fetch(`${hub.url}/api/alignment/tree?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { items: Array<{ id: number; title: string }> } };
  const firstCompany = top.data.items.find((n) => n.title.startsWith('Bench company'));
  if (firstCompany) await timeRoute('/alignment/tree?parent_id= (a company objective)', `/alignment/tree?parent_id=${firstCompany.id}&limit=100`);
  await timeRoute('/alignment/search?q=', `/alignment/search?q=${encodeURIComponent(`Bench personal ${COMPANY}.${TEAMS}.${PERSONAL}`)}`);

  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: hub.url, viewport: { width: 1366, height: 820 }, locale: 'en-GB' });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  await signInAsOwner(page);
  await context.addInitScript(FIRST_ROW_PROBE);

  await page.goto('/objective-tracking/alignment');
  await page.getByRole('treeitem').first().waitFor();
  note('navigation → first row drawn', ms((await page.evaluate('window.__firstRow')) as number));

  // Unfold the company objectives from the last up, by keyboard: each one's team objectives load
  // under it, so ArrowUp always lands on the company objective above.
  const rows = page.locator('[data-testid="alignment-tree"] [role="treeitem"]');
  const t1 = performance.now();
  await page.locator('[data-testid="alignment-tree"] [role="treeitem"][tabindex="0"]').focus();
  await page.keyboard.press('End');
  let unfolded = 0;
  for (; unfolded < UNFOLD; unfolded += 1) {
    // the last rows of the top level may be team objectives with nothing under them
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
  }
  await page.waitForFunction(() => !document.querySelector('[data-testid="alignment-tree"] .fui-Spinner'));
  const total = (await page.evaluate(`document.querySelector('[data-testid="alignment-tree"] > div').offsetHeight / 48`)) as number;
  note(`unfold ${unfolded} objectives by keyboard (→ ↑ each, until loaded)`, `${ms(performance.now() - t1)}, ${total} rows in the tree`);
  note('rows in the DOM', `${await rows.count()} of ${total} (virtualised)`);

  const r = (await page.evaluate(SCROLL(SCROLL_FRAMES, 120))) as ScrollResult;
  const s = frameStats(r.frames);
  note('scroll, 120 px/frame down and back', `${s.count} frames in ${(r.ms / 1000).toFixed(1)} s: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}, ${s.dropped} over ${DROPPED_MS} ms; ≤ ${r.maxRows} rows, ≤ ${r.maxNodes} DOM nodes in the tree`);

  // The last personal objective: deep under the last company objective.
  const target = `Bench personal ${COMPANY}.${TEAMS}.${PERSONAL}`;
  const t2 = performance.now();
  await page.getByRole('combobox', { name: 'Find an objective' }).fill(target);
  await page.getByRole('option', { name: new RegExp(`^${target}`) }).click();
  await page.waitForFunction((title) => document.activeElement?.getAttribute('role') === 'treeitem' && document.activeElement.textContent?.startsWith(title), target);
  note('search → objective centred and focused (incl. typing)', ms(performance.now() - t2));
  if (pageErrors.length) note('page errors', pageErrors.join(' | '));

  const width = Math.max(...figures.map(([l]) => l.length));
  console.log(`\nAlignment view benchmark (Chromium ${browser.version()}, viewport 1366×820)`);
  for (const [label, value] of figures) console.log(`  ${label.padEnd(width)}  ${value}`);
  console.log(`\n${s.p95 <= 33.4 ? 'smooth' : 'NOT smooth'}: scrolling p95 frame ${ms(s.p95)} (target ≤ 2 frames at 60 Hz, 33.4 ms)`);
} catch (error) {
  for (const [label, value] of figures) console.error(`  ${label}: ${value}`);
  if (pageErrors.length) console.error(`page errors: ${pageErrors.join(' | ')}`);
  throw error;
} finally {
  await browser?.close();
  await hub?.close();
  clearTimeout(watchdog);
}
