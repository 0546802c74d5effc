import type { ByTeamEntry } from '../../../../shared/api/statistics';
import type { SeriesColors } from './chart-theme';
import type { ChartOption } from './EChart';

// Chart options built from the hub's figures as they are: no sums or shares are computed here.
// The series colours come from the theme in use (chart-theme.ts).

/** The least room a bar's name needs under it ('completed', 'Management' at 12 px); less, and the bars lie down. */
export const LABEL_SLOT = 80;
/** The room the value axis and the edges take from a chart's width. */
const GRID_SIDES = 56;

/**
 * Whether `count` bars stood side by side in `width` would leave each name too little room: in a
 * narrow card (320 px) they run into each other. 0 is a chart not measured yet: upright.
 */
export function liesDown(count: number, width: number): boolean {
  return width > 0 && count > 0 && (width - GRID_SIDES) / count < LABEL_SLOT;
}

/** Axes for upright bars, or for bars lying down with their names on the left, one under the other. */
function axes(names: string[], horizontal: boolean, upright: object) {
  const category = horizontal
    ? { type: 'category', data: names, inverse: true, axisLabel: { interval: 0, width: 96, overflow: 'break', lineHeight: 14 } }
    : { type: 'category', data: names, axisLabel: upright };
  const value = { type: 'value', minInterval: 1 };
  return horizontal ? { xAxis: value, yAxis: category } : { xAxis: category, yAxis: value };
}

/** How tall a chart of bars lying down is: a band per bar, the legend under them. */
export const lyingHeight = (count: number) => Math.max(200, count * 36 + 80);

/** Stacked bars: in time and overdue per status or category; lying down when `width` is too narrow for them upright. */
export function splitBars(rows: Array<{ name: string; inTime: number; overdue: number }>, colors: SeriesColors, width = 0): ChartOption {
  const horizontal = liesDown(rows.length, width);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: horizontal ? { left: 8, right: 24, top: 8, bottom: 40, containLabel: true } : { left: 40, right: 16, top: 16, bottom: 68 },
    // long names ('waiting for approval') wrap under their bar instead of running into the next
    ...axes(rows.map((r) => r.name), horizontal, { interval: 0, width: 76, overflow: 'break', lineHeight: 14 }),
    series: [
      { name: 'In time', type: 'bar', stack: 'all', color: colors.inTime, data: rows.map((r) => r.inTime) },
      { name: 'Overdue', type: 'bar', stack: 'all', color: colors.overdue, data: rows.map((r) => r.overdue) },
    ],
  };
}

/** Stacked bars per team, one series per status (in time + overdue as the hub split them); lying down when narrow. */
export function teamBars(teams: ByTeamEntry[], colors: SeriesColors, width = 0): ChartOption {
  const statuses = [...new Set(teams.flatMap((t) => t.statusDistribution.map((d) => d.status)))].sort();
  const horizontal = liesDown(teams.length, width);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    // lying down in a narrow card, the legend's four statuses take two lines
    legend: { bottom: 0 },
    grid: horizontal ? { left: 8, right: 24, top: 8, bottom: 64, containLabel: true } : { left: 40, right: 16, top: 16, bottom: 56 },
    ...axes(teams.map((t) => t.team.name), horizontal, { interval: 0, rotate: teams.length > 6 ? 30 : 0 }),
    series: statuses.map((status, i) => ({
      name: status,
      type: 'bar',
      stack: 'all',
      color: colors.statuses[i % colors.statuses.length],
      data: teams.map((t) => t.statusDistribution.find((x) => x.status === status)?.total ?? 0),
    })),
  };
}
