import type { SeriesColors } from './chart-theme';

// Forced colours (Windows high contrast and the like): the browser repaints the page in the
// system's few colours, but not the colours ECharts writes into its SVG as attributes, so text
// drawn in the app's theme colours vanished on the system's canvas (white on white) and only the
// bars stayed. In that mode the charts take the system colours themselves, read from the browser
// when they are drawn, and tell their series apart by pattern as well, since the system palette has
// too few colours for five statuses.

/** The system colours a chart draws with, as the browser resolves them now (rgb strings). */
export interface SystemColors {
  canvas: string;
  canvasText: string;
  grayText: string;
  highlight: string;
  linkText: string;
}

const KEYWORDS: Record<keyof SystemColors, string> = {
  canvas: 'Canvas', canvasText: 'CanvasText', grayText: 'GrayText', highlight: 'Highlight', linkText: 'LinkText',
};

/** Reads the system colours through a probe in `root` (a keyword is only resolved in a document). */
export function readSystemColors(root: HTMLElement): SystemColors {
  const probe = root.ownerDocument.createElement('span');
  root.appendChild(probe);
  try {
    const read = (keyword: string) => {
      probe.style.color = keyword;
      return getComputedStyle(probe).color;
    };
    return Object.fromEntries(Object.entries(KEYWORDS).map(([key, keyword]) => [key, read(keyword)])) as unknown as SystemColors;
  } finally {
    probe.remove();
  }
}

/** Bars in the system's colours; statuses beyond them repeat a colour and differ by pattern. */
export function forcedSeriesColors(c: SystemColors): SeriesColors {
  return { inTime: c.highlight, overdue: c.canvasText, statuses: [c.highlight, c.canvasText, c.linkText, c.grayText, c.highlight] };
}

/** The text, axes, grid, legend and tooltip in the system's colours (cf. echartsTheme). */
export function forcedEchartsTheme(c: SystemColors): object {
  const text = { color: c.canvasText };
  const axis = {
    axisLine: { lineStyle: { color: c.canvasText } },
    axisTick: { lineStyle: { color: c.canvasText } },
    axisLabel: text,
    splitLine: { lineStyle: { color: c.grayText } },
  };
  return {
    backgroundColor: c.canvas,
    textStyle: text,
    legend: { textStyle: text, inactiveColor: c.grayText },
    categoryAxis: axis,
    valueAxis: axis,
    tooltip: { backgroundColor: c.canvas, borderColor: c.canvasText, textStyle: text, axisPointer: { shadowStyle: { color: c.grayText, opacity: 0.3 } } },
  };
}

// One pattern per series, in turn: the first plain, then lines of different angles and dots.
const PATTERNS = [
  null,
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: Math.PI / 4 },
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: -Math.PI / 4 },
  { symbol: 'circle', symbolSize: 0.6, dashArrayX: [[6, 6], [0, 6, 6, 0]], dashArrayY: [6, 0] },
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: 0 },
] as const;

interface Series {
  itemStyle?: object;
  [key: string]: unknown;
}

/** The option with each series patterned and edged in Canvas, so stacked parts stay apart. */
export function withPatterns<T extends object>(option: T, c: SystemColors): T {
  const list: unknown = (option as { series?: unknown }).series;
  if (!Array.isArray(list)) return option;
  const series = (list as Series[]).map((s, i) => {
    const pattern = PATTERNS[i % PATTERNS.length];
    return {
      ...s,
      itemStyle: { ...s.itemStyle, borderColor: c.canvas, borderWidth: 1, ...(pattern ? { decal: { ...pattern, color: c.canvas } } : {}) },
    };
  });
  return { ...option, series };
}
