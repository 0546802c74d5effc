import { describe, expect, it } from 'vitest';
import { liesDown, splitBars, teamBars } from './chart-options';
import { SERIES_COLORS } from './chart-theme';

const rows = ['archived', 'completed', 'in progress', 'waiting for approval'].map((name) => ({ name, inTime: 1, overdue: 1 }));
const axisTypes = (option: object) => {
  const o = option as { xAxis: { type: string }; yAxis: { type: string } };
  return [o.xAxis.type, o.yAxis.type];
};

describe('statistics bars in a narrow card', () => {
  it('stand upright where each name has room under its bar, and before the chart is measured', () => {
    expect(axisTypes(splitBars(rows, SERIES_COLORS.light, 600))).toEqual(['category', 'value']);
    expect(axisTypes(splitBars(rows, SERIES_COLORS.light))).toEqual(['category', 'value']);
  });

  it('lie down in a 320 px window, names on the left one under the other, in the same order', () => {
    const option = splitBars(rows, SERIES_COLORS.light, 256) as { yAxis: { data: string[]; inverse: boolean } };
    expect(axisTypes(option)).toEqual(['value', 'category']);
    expect(option.yAxis).toMatchObject({ data: rows.map((r) => r.name), inverse: true });
  });

  it('by team as well: six teams need 536 px upright', () => {
    const teams = [1, 2, 3, 4, 5, 6].map((id) => ({ team: { id, name: `Team ${id}` }, statusDistribution: [], total: 1, percent: 0, atRisk: 0, offTrack: 0 }));
    expect(liesDown(6, 536)).toBe(false);
    expect(liesDown(6, 535)).toBe(true);
    expect(axisTypes(teamBars(teams, SERIES_COLORS.dark, 400))).toEqual(['value', 'category']);
  });
});
