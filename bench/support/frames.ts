// Frame times in Chromium for the UI benches (bench/org-chart.ts, bench/timeline.ts): in-page code
// that drives the screen one step per animation frame and records the requestAnimationFrame
// deltas, the statistics over them, and click → painted for a button.
//
// In-page code is passed as strings: tsx's name helpers would not exist in the page.

/** A frame longer than this counts as dropped (three frames missed at 60 Hz). */
export const DROPPED_MS = 50;

export interface FrameRun {
  /** requestAnimationFrame deltas, ms (the first, partial one left out). */
  frames: number[];
  /** Wall time of the whole run, ms. */
  ms: number;
}

export interface FrameLoop {
  /** Statements run in the page before the first frame (declare what `each` and `end` use). */
  setup: string;
  /**
   * Statements run once per frame, with `frame` the number of frames so far: they make the step
   * (a wheel event, a scroll); `return true` ends the run.
   */
  each: string;
  /** name -> in-page expression sampled every 10 frames: the run reports its largest value under that name. */
  peaks?: Record<string, string>;
  /** In-page expression of an object whose fields are added to the result, evaluated after the last frame. */
  end?: string;
}

/** In-page code (for page.evaluate) that answers a FrameRun plus the peaks and `end` fields. */
export function frameLoop({ setup, each, peaks = {}, end = '{}' }: FrameLoop): string {
  const names = Object.keys(peaks);
  return `(async () => {
  ${setup}
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const frames = [];
  const peaks = { ${names.map((name) => `${name}: 0`).join(', ')} };
  const each = (frame) => { ${each} };
  const started = performance.now();
  let last = started;
  await new Promise((resolve) => {
    const tick = (t) => {
      frames.push(t - last);
      last = t;
      if (frames.length % 10 === 0) {
        ${names.map((name) => `peaks.${name} = Math.max(peaks.${name}, ${peaks[name]});`).join('\n        ')}
      }
      if (each(frames.length)) return resolve();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const ms = performance.now() - started;
  return Object.assign({ frames: frames.slice(1), ms }, peaks, ${end});
})()`;
}

/**
 * In-page code that clicks a button, found by its aria-label or its text, and answers the ms
 * until the next frame has been painted.
 */
export function clickAndPaint(label: string): string {
  const name = JSON.stringify(label);
  return `(async () => {
  const buttons = [...document.querySelectorAll('button')];
  const button = buttons.find((b) => b.getAttribute('aria-label') === ${name} || b.textContent.trim() === ${name});
  if (!button) throw new Error('no button ' + ${name} + ' in ' + buttons.map((b) => b.getAttribute('aria-label') || b.textContent.trim()).join(', '));
  const t0 = performance.now();
  button.click();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
})()`;
}

export interface FrameStats {
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Frames longer than DROPPED_MS. */
  dropped: number;
}

export function frameStats(frames: number[]): FrameStats {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: frames.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0, dropped: frames.filter((f) => f > DROPPED_MS).length };
}
