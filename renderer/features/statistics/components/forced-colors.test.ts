import { describe, expect, it } from 'vitest';
import { splitBars, teamBars } from './chart-options';
import { forcedEchartsTheme, forcedSeriesColors, withPatterns, type SystemColors } from './forced-colors';

// A light system palette as a browser resolves it.
const system: SystemColors = {
  canvas: 'rgb(255, 255, 255)', canvasText: 'rgb(0, 0, 0)', grayText: 'rgb(109, 109, 109)', highlight: 'rgb(0, 120, 215)', linkText: 'rgb(0, 0, 238)',
};
const colours = (value: unknown): string[] => {
  if (typeof value === 'string') return /^rgb|^#/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(colours);
  if (value && typeof value === 'object') return Object.values(value).flatMap(colours);
  return [];
};

describe('charts under forced colours', () => {
  it('write text, axes, legend and tooltip in the system colours only', () => {
    const theme = forcedEchartsTheme(system);
    expect(theme).toMatchObject({
      textStyle: { color: system.canvasText },
      legend: { textStyle: { color: system.canvasText } },
      categoryAxis: { axisLabel: { color: system.canvasText } },
      valueAxis: { axisLabel: { color: system.canvasText }, axisLine: { lineStyle: { color: system.canvasText } } },
      tooltip: { backgroundColor: system.canvas, textStyle: { color: system.canvasText } },
    });
    for (const colour of colours(theme)) expect(Object.values(system)).toContain(colour);
  });

  it('draw in time and overdue in two system colours, and every status in one', () => {
    const series = forcedSeriesColors(system);
    expect(series.inTime).not.toBe(series.overdue);
    for (const colour of [series.inTime, series.overdue, ...series.statuses]) expect(Object.values(system)).toContain(colour);
  });

  it('tell the series apart by pattern too, each edged in Canvas', () => {
    const teams = ['Atlas', 'Lyra'].map((name, id) => ({
      team: { id, name }, total: 5, percent: 50, atRisk: 0, offTrack: 0,
      statusDistribution: ['archived', 'completed', 'in progress', 'waiting for approval', 'rejected'].map((status) => ({ status, inTime: 1, overdue: 0, total: 1 })),
    }));
    const option = withPatterns(teamBars(teams, forcedSeriesColors(system)), system) as { series: Array<{ color: string; itemStyle: { decal?: object; borderColor: string } }> };
    expect(option.series).toHaveLength(5);
    const looks = option.series.map((s) => JSON.stringify([s.color, s.itemStyle.decal ?? null]));
    expect(new Set(looks).size).toBe(5);
    for (const s of option.series) expect(s.itemStyle.borderColor).toBe(system.canvas);
    const split = withPatterns(splitBars([{ name: 'completed', inTime: 2, overdue: 1 }], forcedSeriesColors(system)), system) as typeof option;
    expect(split.series.map((s) => s.color)).toEqual([system.highlight, system.canvasText]);
  });
});
