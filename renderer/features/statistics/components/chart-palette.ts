import { useMemo } from 'react';
import { useAppliedTheme, useFluentTheme, useSystemTheme } from '../../../lib/theme';
import { echartsTheme, SERIES_COLORS, type SeriesColors } from './chart-theme';
import { forcedEchartsTheme, forcedSeriesColors, readSystemColors, type SystemColors } from './forced-colors';

export interface ChartPalette {
  /** the ECharts theme's registered name: another palette draws the charts anew */
  name: string;
  theme: object;
  series: SeriesColors;
  /** under forced colours, the system's (the options then take patterns too) */
  system: SystemColors | null;
}

/**
 * The charts' colours: the applied theme's, or under forced colours the system's, whatever theme
 * the person chose (the browser forces the page either way). The colour scheme is part of the
 * name, as a light and a dark system palette differ.
 */
export function useChartPalette(): ChartPalette {
  const applied = useAppliedTheme();
  const fluent = useFluentTheme();
  const { forcedColors, dark } = useSystemTheme();
  return useMemo(() => {
    if (forcedColors && typeof document !== 'undefined') {
      const system = readSystemColors(document.body);
      return { name: `hub-forced-${dark ? 'dark' : 'light'}`, theme: forcedEchartsTheme(system), series: forcedSeriesColors(system), system };
    }
    return { name: `hub-${applied}`, theme: echartsTheme(fluent), series: SERIES_COLORS[applied], system: null };
  }, [applied, fluent, forcedColors, dark]);
}
