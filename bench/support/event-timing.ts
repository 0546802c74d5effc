import type { Page } from 'playwright-core';

// Interaction latency as the browser itself reports it (the Event Timing API, what INP is made
// of): for each interaction, from the input's timestamp through its handlers to the next frame
// painted. Chromium reports an event only when it took at least durationThreshold (16 ms, the
// least it allows), rounded to 8 ms; an interaction it did not report took less than that.
// Long tasks are kept beside them: what a person's next input would wait behind.
//
// In-page code is passed as strings: tsx's name helpers would not exist in the page.

/** Set before any page script (context.addInitScript). */
export const EVENT_TIMING_PROBE = `
  window.__interactions = [];
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__interactions.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/** Below the threshold: the browser did not report the interaction. */
export const UNREPORTED_MS = 0;

export interface Timed {
  /** the interaction's duration (the longest of its events), UNREPORTED_MS when under 16 ms */
  ms: number;
  /** the longest task that started during the action and the wait after it */
  longestTaskMs: number;
}

/**
 * Runs `act` (one interaction, plus the wait for what it shows) and answers how long the browser
 * says the interaction took. Entries arrive after the frame they end in is presented: up to
 * `settleMs` is waited for one before the interaction counts as under the threshold.
 */
export async function timeInteraction(page: Page, act: () => Promise<void>, settleMs = 250): Promise<Timed> {
  const mark = (await page.evaluate('performance.now()')) as number;
  await act();
  return (await page.evaluate(`(async () => {
    const mark = ${mark};
    const deadline = performance.now() + ${settleMs};
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    let mine = [];
    while (true) {
      mine = window.__interactions.filter((e) => e.start >= mark);
      if (mine.length || performance.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    // a click's pointerdown, pointerup and click share one interaction; its latency is the longest
    const ms = mine.reduce((max, e) => Math.max(max, e.duration), ${UNREPORTED_MS});
    const longestTaskMs = window.__longTasks.filter((t) => t.start >= mark).reduce((max, t) => Math.max(max, t.duration), 0);
    return { ms, longestTaskMs };
  })()`)) as Timed;
}

export interface Summary {
  count: number;
  p50: number;
  p98: number;
  max: number;
}

/** Nearest-rank percentile. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarise(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p98: percentile(sorted, 98), max: sorted.at(-1) ?? NaN };
}

/** An unreported interaction reads '<16'. */
export const latencyText = (ms: number) => (ms === UNREPORTED_MS ? '<16' : `${Math.round(ms)}`);
