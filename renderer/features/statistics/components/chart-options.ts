import type { ByTeamEntry } from '../../../../shared/api/statistics';
import type { SeriesColors } from './chart-theme';
import type { ChartOption } from './EChart';

// Chart options built from the hub's figures as they are: no sums or shares are computed here.
// The series colours come from the theme in use (chart-theme.ts).

/** Stacked bars: in time and overdue per status or category. */
export function splitBars(rows: Array<{ name: string; inTime: number; overdue: number }>, colors: SeriesColors): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 68 },
    // long names ('waiting for approval') wrap under their bar instead of running into the next
    xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0, width: 76, overflow: 'break', lineHeight: 14 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: 'In time', type: 'bar', stack: 'all', color: colors.inTime, data: rows.map((r) => r.inTime) },
      { name: 'Overdue', type: 'bar', stack: 'all', color: colors.overdue, data: rows.map((r) => r.overdue) },
    ],
  };
}

/** Stacked bars per team, one series per status (in time + overdue as the hub split them). */
export function teamBars(teams: ByTeamEntry[], colors: SeriesColors): ChartOption {
  const statuses = [...new Set(teams.flatMap((t) => t.statusDistribution.map((d) => d.status)))].sort();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: teams.map((t) => t.team.name), axisLabel: { interval: 0, rotate: teams.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: statuses.map((status, i) => ({
      name: status,
      type: 'bar',
      stack: 'all',
      color: colors.statuses[i % colors.statuses.length],
      data: teams.map((t) => t.statusDistribution.find((x) => x.status === status)?.total ?? 0),
    })),
  };
}
