// The trend line on a key-result card: percents (0-100, oldest first) as SVG polyline points.

export interface SparkBox {
  width: number;
  height: number;
  /** room kept around the line so the end dot is not clipped */
  pad: number;
}

/** Narrowest percent range drawn: a move of a few points stays a small slope, not a cliff. */
export const MIN_SPAN = 20;

/**
 * The percent range the box spans: the values' own range with a little room, at least MIN_SPAN
 * wide and inside 0-100, so a key result moving from 12% to 19% still shows which way it goes.
 */
export function sparklineRange(percents: readonly number[]): { low: number; high: number } {
  const clamped = percents.map((p) => Math.min(100, Math.max(0, p)));
  let low = Math.max(0, Math.min(...clamped) - 5);
  let high = Math.min(100, Math.max(...clamped) + 5);
  if (high - low < MIN_SPAN) {
    const mid = (low + high) / 2;
    low = Math.max(0, Math.min(100 - MIN_SPAN, mid - MIN_SPAN / 2));
    high = low + MIN_SPAN;
  }
  return { low, high };
}

export function sparklinePoints(percents: readonly number[], box: SparkBox): Array<{ x: number; y: number }> {
  if (percents.length === 0) return [];
  const { width, height, pad } = box;
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const { low, high } = sparklineRange(percents);
  const round = (n: number) => Math.round(n * 10) / 10;
  const y = (p: number) => round(pad + innerH * (1 - (Math.min(high, Math.max(low, p)) - low) / (high - low)));
  if (percents.length === 1) return [{ x: pad, y: y(percents[0]) }, { x: width - pad, y: y(percents[0]) }];
  const step = innerW / (percents.length - 1);
  return percents.map((p, i) => ({ x: round(pad + i * step), y: y(p) }));
}

export const toPolyline = (points: ReadonlyArray<{ x: number; y: number }>) => points.map((p) => `${p.x},${p.y}`).join(' ');

/**
 * The line in words, its name for screen readers: 'Progress over 4 check-ins: from 10% to
 * 60%' (one check-in: 'Progress over 1 check-in: 30%'). The history lists every value.
 */
export function sparklineSummary(percents: readonly number[]): string {
  const count = `${percents.length} check-in${percents.length === 1 ? '' : 's'}`;
  if (percents.length < 2) return `Progress over ${count}${percents.length ? `: ${percents[0]}%` : ''}`;
  return `Progress over ${count}: from ${percents[0]}% to ${percents[percents.length - 1]}%`;
}
