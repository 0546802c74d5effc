import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// design §5: Debian's Chromium through playwright-core, never a downloaded browser.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** page errors and console errors seen so far: a screen that throws fails the test */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh context per test: no cookie or storage leaks from one test into the next. */
export async function newSession(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1366, height: 820 },
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserSession> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB', serviceWorkers });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // Expected failures Chromium logs as failed resources: a 401 (wrong password, ended session),
    // and a member picture the hub does not have (the avatar then shows initials).
    if (text.includes('status of 401')) return;
    if (text.startsWith('Failed to load resource') && /\/api\/user\/\d+\/image/.test(message.location().url)) return;
    errors.push(`${text} (${message.location().url})`);
  });
  return { context, page, errors, close: () => context.close() };
}
