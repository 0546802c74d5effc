import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { RESIZE_DEBOUNCE_MS } from '../../../../shared/rules/constants';
import { useChartPalette } from './chart-palette';

// design §3: Apache ECharts bundled with the app, only the parts we draw (bars), so the
// statistics chunk stays small and nothing loads from anyone's servers.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;
/** A chart's option and height, or a function of the width it is drawn in (a narrow card lays its bars out otherwise). */
export type ByWidth<T> = T | ((width: number) => T);
const atWidth = <T,>(value: ByWidth<T>, width: number): T => (typeof value === 'function' ? (value as (w: number) => T)(width) : value);

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  summary: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, overflowWrap: 'anywhere' },
  // the chart paints itself in the system's colours under forced colours (forced-colors.ts)
  host: { forcedColorAdjust: 'none' },
});

/**
 * One chart; redrawn when the option changes, resized with the window (spec §9: 200 ms debounce).
 * The drawing is an image named `label`, described by `summary` (chart-summary.ts), which is also
 * its caption for everyone (WCAG 1.1.1: a chart has a text alternative).
 */
export function EChart({ option: byWidth, height: heightByWidth = 280, label, summary }: { option: ByWidth<ChartOption>; height?: ByWidth<number>; label: string; summary: string }) {
  const styles = useStyles();
  const summaryId = useId();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { name: themeName, theme } = useChartPalette();
  const [width, setWidth] = useState(0);
  const option = useMemo(() => atWidth(byWidth, width), [byWidth, width]);
  const height = atWidth(heightByWidth, width);
  const latest = useRef(option);

  useLayoutEffect(() => {
    if (host.current) setWidth(host.current.clientWidth);
  }, []);

  // A theme is fixed at init, so another theme (or forced colours) draws the chart anew.
  useEffect(() => {
    if (!host.current) return;
    echarts.registerTheme(themeName, theme);
    const instance = echarts.init(host.current, themeName, { renderer: 'svg' });
    instance.setOption(latest.current, { notMerge: true });
    chart.current = instance;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        instance.resize();
        if (host.current) setWidth(host.current.clientWidth);
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      instance.dispose();
      chart.current = null;
    };
  }, [themeName, theme]);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  // another height (more teams, a narrow card) resizes the drawing to it
  useEffect(() => {
    chart.current?.resize();
  }, [height]);

  return (
    <figure className={styles.figure}>
      <div ref={host} className={styles.host} role="img" aria-label={label} aria-describedby={summaryId} style={{ width: '100%', height }} />
      <figcaption id={summaryId} className={styles.summary} data-testid="chart-summary">{summary}</figcaption>
    </figure>
  );
}
