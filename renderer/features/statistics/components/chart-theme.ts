import type { Theme } from '@fluentui/react-components';
import type { AppliedTheme } from '../../../lib/theme';

// ECharts draws SVG with colours as attributes, where Fluent's CSS variables do
// not reach, so the charts take real colours from the theme in use. Series colours are chosen per
// theme to stand 3:1 against the card (WCAG 1.4.11; chart-theme.test.ts checks it); each chart's
// table beside it holds the same figures as text.

export interface SeriesColors {
  inTime: string;
  overdue: string;
  /** one per status, in turn */
  statuses: readonly string[];
}

export const SERIES_COLORS: Record<AppliedTheme, SeriesColors> = {
  light: { inTime: '#107C10', overdue: '#C50F1F', statuses: ['#004C7C', '#107C10', '#616161', '#8A5300', '#C50F1F'] },
  dark: { inTime: '#54B054', overdue: '#E37D80', statuses: ['#759EB8', '#54B054', '#ADADAD', '#F2A900', '#E37D80'] },
  'high-contrast': { inTime: '#3FF23F', overdue: '#FF6B6B', statuses: ['#1AEBFF', '#3FF23F', '#FFFFFF', '#FFFF00', '#FF6B6B'] },
};

/** An ECharts theme (registered by name) with the text, axes, grid and tooltip in Fluent's colours. */
export function echartsTheme(theme: Theme): object {
  const text = { color: theme.colorNeutralForeground2 };
  const axis = {
    axisLine: { lineStyle: { color: theme.colorNeutralStrokeAccessible } },
    axisTick: { lineStyle: { color: theme.colorNeutralStrokeAccessible } },
    axisLabel: { color: theme.colorNeutralForeground2 },
    splitLine: { lineStyle: { color: theme.colorNeutralStroke2 } },
  };
  return {
    backgroundColor: 'transparent',
    textStyle: { ...text, fontFamily: theme.fontFamilyBase },
    legend: { textStyle: text, inactiveColor: theme.colorNeutralForegroundDisabled },
    categoryAxis: axis,
    valueAxis: axis,
    tooltip: {
      backgroundColor: theme.colorNeutralBackground1,
      borderColor: theme.colorNeutralStroke1,
      textStyle: { color: theme.colorNeutralForeground1 },
      axisPointer: { shadowStyle: { color: theme.colorNeutralBackground1Hover } },
    },
  };
}
