// The trend line on a key-result card: percents (0-100, oldest first) as SVG polyline points.

export interface SparkBox {
  width: number;
  height: number;
  /** room kept around the line so the end dot is not clipped */
  pad: number;
}

export function sparklinePoints(percents: readonly number[], box: SparkBox): Array<{ x: number; y: number }> {
  const { width, height, pad } = box;
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const clamp = (p: number) => Math.min(100, Math.max(0, p));
  const y = (p: number) => Math.round((pad + innerH * (1 - clamp(p) / 100)) * 10) / 10;
  if (percents.length === 1) return [{ x: pad, y: y(percents[0]) }, { x: width - pad, y: y(percents[0]) }];
  const step = innerW / Math.max(1, percents.length - 1);
  return percents.map((p, i) => ({ x: Math.round((pad + i * step) * 10) / 10, y: y(p) }));
}

export const toPolyline = (points: ReadonlyArray<{ x: number; y: number }>) => points.map((p) => `${p.x},${p.y}`).join(' ');
