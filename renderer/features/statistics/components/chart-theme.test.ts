import { describe, expect, it } from 'vitest';
import { contrastRatio, GRAPHIC_CONTRAST } from '../../../lib/theme/contrast';
import { FLUENT_THEMES } from '../../../lib/theme/fluent-themes';
import { echartsTheme, SERIES_COLORS } from './chart-theme';

describe.each(Object.entries(SERIES_COLORS))('the %s theme’s chart colours', (name, colors) => {
  const theme = FLUENT_THEMES[name as keyof typeof FLUENT_THEMES];

  it('every bar stands 3:1 against the card it is drawn on', () => {
    for (const color of [colors.inTime, colors.overdue, ...colors.statuses]) {
      expect(contrastRatio(color, theme.colorNeutralBackground1), color).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
    }
  });

  it('in time and overdue, stacked on one bar, can be told apart', () => {
    expect(colors.inTime).not.toBe(colors.overdue);
    expect(new Set(colors.statuses).size).toBe(colors.statuses.length);
  });

  it('labels, legend and tooltip are written in the theme’s own text colours', () => {
    expect(echartsTheme(theme)).toMatchObject({
      textStyle: { color: theme.colorNeutralForeground2 },
      legend: { textStyle: { color: theme.colorNeutralForeground2 } },
      categoryAxis: { axisLabel: { color: theme.colorNeutralForeground2 } },
      valueAxis: { axisLabel: { color: theme.colorNeutralForeground2 } },
      tooltip: { backgroundColor: theme.colorNeutralBackground1, textStyle: { color: theme.colorNeutralForeground1 } },
    });
  });
});
