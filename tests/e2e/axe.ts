import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// axe-core in the page: the WCAG 2.1 A and AA rules, and what they find serious or critical, one
// line per rule broken with where. Every e2e file that audits a screen uses this one.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AuditOptions {
  /**
   * The operating system paints every text and background from its own palette, so contrast is
   * the system's; axe still reads the page's own colours (yellow links on white), so its contrast
   * rule says nothing true there and is left out.
   */
  forcedColors?: boolean;
}

/** axe on the page as it is now; `screen` starts each line, so a sweep's findings say where. */
export async function axeFindings(page: Page, screen = 'page', options: AuditOptions = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const findings = await page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // Fluent's focus manager (tabster) puts aria-hidden focusable <i data-tabster-dummy> sentinels at
    // the edges of arrow-key groups and traps; they only pass focus on at once, so screen readers must
    // not read them. axe's aria-hidden-focus counts them: a false positive Fluent and tabster list
    // as known (microsoft/tabster#288), so they are left out of the audit.
    const result = await axe.run({ exclude: [['[data-tabster-dummy]']] }, {
      runOnly: { type: 'tag', values: values.tags },
      rules: values.forcedColors ? { 'color-contrast': { enabled: false } } : {},
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, { tags: TAGS, forcedColors: options.forcedColors ?? false });
  return findings.map((f) => `${screen}: ${f.rule} (${f.impact}, ${f.targets.length}) ${f.targets.slice(0, 5).join(' ')}`);
}

/**
 * Waits for a dialog, drawer or menu to finish coming in: axe reads colours half-way through a
 * fade as what they are at that moment. Endless animations (a spinner's) are not waited for.
 */
export async function motionDone(page: Page): Promise<void> {
  // a transition a style change just caused starts at the next frame: let two pass, then wait for it
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined, { timeout: 10_000, polling: 'raf' });
}

/** axe in the light and the dark colour scheme, each once its transitions are done; light again after. */
export async function lightAndDarkFindings(page: Page, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await motionDone(page);
    found.push(...(await axeFindings(page, `${screen}, ${colorScheme}`)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** The same, as a test's check: nothing found in either scheme. */
export async function auditLightAndDark(page: Page, screen: string): Promise<void> {
  expect(await lightAndDarkFindings(page, screen)).toEqual([]);
}
