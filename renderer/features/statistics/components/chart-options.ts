import type { ByTeamEntry } from '../../../../shared/api/statistics';
import { PRIMARY_COLOR } from '../../../../shared/rules/constants';
import type { ChartOption } from './EChart';

// Chart options built from the hub's figures as they are: no sums or shares are computed here.

export const IN_TIME_COLOR = '#5EB136';
export const OVERDUE_COLOR = '#D8363D';
const STATUS_COLORS = [PRIMARY_COLOR, '#5EB136', '#8A8886', '#F2A900', '#D8363D'];

/** Stacked bars: in time and overdue per status or category. */
export function splitBars(rows: Array<{ name: string; inTime: number; overdue: number }>): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 68 },
    // long names ('waiting for approval') wrap under their bar instead of running into the next
    xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0, width: 76, overflow: 'break', lineHeight: 14 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: 'In time', type: 'bar', stack: 'all', color: IN_TIME_COLOR, data: rows.map((r) => r.inTime) },
      { name: 'Overdue', type: 'bar', stack: 'all', color: OVERDUE_COLOR, data: rows.map((r) => r.overdue) },
    ],
  };
}

/** Stacked bars per team, one series per status (in time + overdue as the hub split them). */
export function teamBars(teams: ByTeamEntry[]): ChartOption {
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
      color: STATUS_COLORS[i % STATUS_COLORS.length],
      data: teams.map((t) => t.statusDistribution.find((x) => x.status === status)?.total ?? 0),
    })),
  };
}
