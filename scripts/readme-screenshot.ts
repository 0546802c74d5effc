import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startHub } from '../server/start';
import { launchBrowser, newSession } from '../tests/support/browser';

// resources/screenshot-shell.png, the README's picture: the shell over the objectives screen with
// the objective area's navigation, as the demo company's team lead sees it (Approvals with its
// count), light theme, 1366 × 820. Run after a renderer build, with Debian's Chromium:
//   npm run build:renderer && npx tsx scripts/readme-screenshot.ts
// It starts its own demo hub on a scratch folder and loopback port, and stops it.

const OUT = path.resolve('resources/screenshot-shell.png');

/** Signs in as the demo lead, past the first-login stepper when it shows. */
async function signInAsLead(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Username/).fill('lead');
  await page.getByLabel(/^Password/).fill('demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const shell = page.getByTestId('user-name');
  for (let tries = 0; (await shell.count()) === 0; tries += 1) {
    if (tries > 100) throw new Error('the shell did not show after sign-in');
    if (await page.getByRole('heading', { name: 'Confirm your information' }).isVisible()) {
      const phone = page.getByLabel(/^Phone/);
      if (!(await phone.inputValue())) await phone.fill('+40 700 000 001');
      await page.getByRole('button', { name: 'Continue' }).click();
    } else if (await page.getByRole('heading', { name: 'See team mates' }).isVisible()) {
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForTimeout(200);
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-readme-'));
const hub = await startHub({ port: 0, dataDir, demo: true, webRoot: path.resolve('dist/renderer'), logger: false });
const browser = await launchBrowser();
try {
  const { page, close } = await newSession(browser, hub.url, { width: 1366, height: 820 });
  await page.emulateMedia({ colorScheme: 'light' });
  await signInAsLead(page);
  // the way a person comes: the side menu's Objective Tracking (a new tab on the web)
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /^Objective Tracking/ }).click()]);
  await tab.setViewportSize({ width: 1366, height: 820 });
  await tab.getByRole('navigation', { name: 'Objective Tracking' }).getByTestId('approvals-waiting').waitFor();
  await tab.getByRole('button', { name: 'Details' }).first().waitFor();
  // pictures and fonts settled, the pointer out of the way
  await tab.waitForLoadState('networkidle');
  await tab.mouse.move(0, 400);
  await tab.screenshot({ path: OUT });
  await close();
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
  await hub.close();
  rmSync(dataDir, { recursive: true, force: true });
}
