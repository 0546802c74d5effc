import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Config, type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { LARGE_COMPANY } from '../server/db/seed/large';
import { startHub, type RunningHub } from '../server/start';
import { freePort } from '../tests/support/postgres-cluster';
import { buildRenderer } from '../tests/support/e2e-global-setup';
import { largeDatabase, type LargeDatabase } from './support/large-company';

// bench/lighthouse.ts: Lighthouse (the npm package) on Debian's Chromium against the
// login page and, signed in as `owner`, the objectives page and the directory, each with the
// desktop and the mobile profile, on the hub serving the web build over the large company.
// Targets: performance ≥ 98 with the desktop profile on all three pages, ≥ 90 mobile on login.
//
// Lighthouse attaches to a Chromium we start (--remote-debugging-port) rather than launching its
// own: its launcher would look for a Chrome of its own choosing, and the browser flags must be the
// ones every browser test here uses. The sign-in goes through the login form, driven by
// playwright-core over the same debugging port, in the browser's default profile; Lighthouse then
// opens its pages in that profile, so the session cookie is there. Lighthouse clears the HTTP cache,
// service workers and Cache Storage before each page (a cold load), never cookies.
// The metrics are Lighthouse's default simulated throttling (Lantern): the same page scores alike
// on a quiet and on a busy machine far more than measured timings would.
//
//   npx tsx bench/lighthouse.ts [--staff N] [--runs n] [--only login|objectives|directory] [--save dir]
//   DATABASE_URL=postgres://... to reuse a database; BENCH_WEB_ROOT=... for a private web build

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const STAFF = Number(flag('--staff') ?? LARGE_COMPANY.staff);
/** runs per page and profile; the table shows the median run (by performance score) */
const RUNS = Number(flag('--runs') ?? 1);
const ONLY = flag('--only');
/** a folder to keep each run's full report (lhr JSON) in, for the audits' details */
const SAVE = flag('--save');
const WEB_ROOT = path.resolve(process.env.BENCH_WEB_ROOT ?? 'dist/renderer');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];
const WATCHDOG_MS = 20 * 60_000;

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
  /** the performance score targets, per profile */
  targets: { desktop?: number; mobile?: number };
}

const PAGES: Page[] = [
  { name: 'login', path: '/login', signedIn: false, targets: { desktop: 98, mobile: 90 } },
  { name: 'objectives', path: '/objective-tracking/objectives', signedIn: true, targets: { desktop: 98 } },
  { name: 'directory', path: '/super-awesome-team', signedIn: true, targets: { desktop: 98 } },
];
const PROFILES: Array<{ name: 'desktop' | 'mobile'; config?: Config }> = [
  { name: 'desktop', config: desktopConfig },
  { name: 'mobile' }, // Lighthouse's default: a mid-range phone on slow 4G, CPU slowed 4×
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS: Array<[string, string, (value: number) => string]> = [
  ['FCP', 'first-contentful-paint', seconds],
  ['LCP', 'largest-contentful-paint', seconds],
  ['TBT', 'total-blocking-time', (v) => `${Math.round(v)} ms`],
  ['CLS', 'cumulative-layout-shift', (v) => v.toFixed(3)],
  ['SI', 'speed-index', seconds],
  ['bytes', 'total-byte-weight', (v) => `${Math.round(v / 1024)} KiB`],
];

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(path.resolve('node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

const watchdog = setTimeout(() => {
  console.error(`bench/lighthouse: gave up after ${WATCHDOG_MS / 60_000} min`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

async function startChromium(profileDir: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profileDir}`, 'about:blank'], { stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('Chromium did not open its debugging port within 30 s');
}

/** The login form, as a person fills it, in the browser's default profile. */
async function signIn(port: number, baseUrl: string, username: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel(/^Password/).fill('demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('user-name').waitFor();
    await page.close();
  } finally {
    // connected over CDP: this only disconnects; the browser and its default profile stay
    await browser.close();
  }
}

interface Run {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** the performance audits that cost most, with the time or bytes they could save */
  top: string[];
  finalUrl: string;
}

/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART): that run is taken again. */
async function audit(port: number, url: string, config: Config | undefined): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(port, url, config);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  ${url}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; again`);
    }
  }
}

async function auditOnce(port: number, url: string, config: Config | undefined): Promise<Run> {
  const flags: Flags = { port, hostname: '127.0.0.1', output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  const result = (await lighthouse(url, flags, config)) as RunnerResult | undefined;
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${config ? 'desktop' : 'mobile'}-${Date.now()}.json`;
    writeFileSync(path.join(SAVE, name), JSON.stringify(lhr));
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map(([, id]) => [id, lhr.audits[id]?.numericValue ?? NaN]));
  const perf = lhr.categories.performance?.auditRefs ?? [];
  const top = perf
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
    .slice(0, 5);
  return { scores, metrics, top, finalUrl: lhr.finalDisplayedUrl };
}

const median = <T>(runs: T[], by: (run: T) => number): T => [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)];

let database: LargeDatabase | undefined;
let hub: RunningHub | undefined;
let chrome: ChildProcess | undefined;
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
try {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
    console.log(`building the renderer (${WEB_ROOT} has no index.html)…`);
    buildRenderer();
  }
  database = await largeDatabase(STAFF, console.log);
  hub = await startHub({ databaseUrl: database.url, port: 0, host: '127.0.0.1', demo: false, imports: false, webRoot: WEB_ROOT, logger: false });
  const started = await startChromium(profileDir);
  chrome = started.child;
  const version = ((await (await fetch(`http://127.0.0.1:${started.port}/json/version`)).json()) as { Browser: string }).Browser;
  console.log(`hub ${hub.url} on the large company (PostgreSQL); ${version}; Lighthouse ${lighthouseVersion()}`);
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}; ${RUNS} run(s) per page and profile, median by performance score`);

  const rows: string[] = [];
  const misses: string[] = [];
  let signedIn = false;
  for (const page of PAGES.filter((p) => !ONLY || p.name === ONLY)) {
    if (page.signedIn && !signedIn) {
      await signIn(started.port, hub.url, 'owner');
      signedIn = true;
    }
    for (const profile of PROFILES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(started.port, `${hub.url}${page.path}`, profile.config));
      const run = median(runs, (r) => r.scores.performance);
      // a signed-in page that landed on /login would score the login page again
      if (new URL(run.finalUrl).pathname !== page.path) throw new Error(`${page.name}: Lighthouse ended on ${run.finalUrl}`);
      const target = profile.name === 'desktop' ? page.targets.desktop : page.targets.mobile;
      const verdict = target === undefined ? '' : run.scores.performance >= target ? `≥ ${target} ok` : `< ${target} MISS`;
      if (target !== undefined && run.scores.performance < target) misses.push(`${page.name} ${profile.name}: ${run.scores.performance} < ${target}; ${run.top.join(', ')}`);
      const all = runs.length > 1 ? ` (runs: ${runs.map((r) => r.scores.performance).join(', ')})` : '';
      rows.push([
        `${page.name} ${profile.name}`.padEnd(20),
        ...CATEGORIES.map((c) => String(run.scores[c]).padStart(c === 'performance' ? 4 : 5)),
        ...METRICS.map(([, id, format]) => format(run.metrics[id]).padStart(9)),
        ` ${verdict}${all}`,
      ].join(' '));
      rows.push(`${' '.repeat(21)}costliest: ${run.top.length ? run.top.join(', ') : '(none under 0.9)'}`);
      console.log(rows.at(-2));
    }
  }
  console.log(`\n${'page profile'.padEnd(20)} perf  a11y   b-p   seo ${METRICS.map(([label]) => label.padStart(9)).join(' ')}  target (performance)`);
  for (const row of rows) console.log(row);
  console.log(misses.length ? `\ntargets missed:\n  ${misses.join('\n  ')}` : '\nevery target met');
} finally {
  // the profile folder is removed once Chromium has stopped writing to it
  const exited = chrome && chrome.exitCode === null ? new Promise((resolve) => chrome!.once('exit', resolve)) : null;
  chrome?.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  await hub?.close();
  await database?.stop();
  rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
process.exit(0);
