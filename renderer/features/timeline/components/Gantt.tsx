import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { dayNumber, isoOfDay, tickLabel, ticks, type ZoomLevel } from '../../../../shared/rules/timeline';
import { isoDay } from '../../../../shared/rules/dates';
import { barTextColor, DONE_SHADE } from './bar-colors';
import { ganttLayout } from './gantt-layout';
import type { GanttRow } from './gantt-rows';
import { openingRow, scrollLeftFor, type OpeningView } from './opening-view';

// A Gantt of our own (design §3: bundled, nothing from a CDN): fixed-height rows, and only the
// rows in view (plus a margin) are in the DOM, so 500 objectives with 2,000 key results scroll
// smoothly.

const HEADER_HEIGHT = 36;
const BAR_HEIGHT = 20;
const OVERSCAN = 10;
/** Room after the chart for the 'Supports: …' of the bars that end at its right edge. */
const SUPPORTS_ROOM = 360;

const useStyles = makeStyles({
  scroller: { position: 'relative', overflow: 'auto', height: '640px', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1 },
  header: { position: 'sticky', top: 0, zIndex: 3, height: `${HEADER_HEIGHT}px`, backgroundColor: tokens.colorNeutralBackground3, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  corner: { position: 'sticky', left: 0, zIndex: 4, height: '100%', display: 'flex', alignItems: 'center', paddingLeft: tokens.spacingHorizontalM, boxSizing: 'border-box', fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  tick: { position: 'absolute', top: 0, height: '100%', paddingLeft: '4px', fontSize: tokens.fontSizeBase200, lineHeight: `${HEADER_HEIGHT}px`, whiteSpace: 'nowrap', borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  gridLine: { position: 'absolute', width: '1px', backgroundColor: tokens.colorNeutralStroke3 },
  today: { position: 'absolute', width: '2px', backgroundColor: tokens.colorPaletteRedBorder2, zIndex: 1 },
  row: { position: 'absolute', left: 0, cursor: 'pointer', ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover } },
  label: { position: 'sticky', left: 0, zIndex: 2, height: '100%', display: 'flex', alignItems: 'center', gap: '4px', boxSizing: 'border-box', paddingRight: tokens.spacingHorizontalS, backgroundColor: tokens.colorNeutralBackground1, borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  // stacked (a narrow box): the title's line runs the box's width above the bar, the grid and the
  // today line under it, so no line crosses the words
  stackedLabel: { position: 'sticky', left: 0, zIndex: 2, height: '28px', display: 'flex', alignItems: 'center', gap: '4px', boxSizing: 'border-box', paddingRight: tokens.spacingHorizontalS, backgroundColor: tokens.colorNeutralBackground1 },
  krLabel: { paddingLeft: '36px', color: tokens.colorNeutralForeground2 },
  stackedKrLabel: { paddingLeft: '28px', color: tokens.colorNeutralForeground2 },
  open: { flex: 1, minWidth: 0, textAlign: 'left', border: 'none', background: 'none', cursor: 'pointer', padding: 0, font: 'inherit', color: 'inherit', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  spacer: { width: '24px', flexShrink: 0 },
  // Forced colours drop the bar's fill: its outline and a system-coloured done line stay.
  bar: {
    position: 'absolute', height: `${BAR_HEIGHT}px`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', display: 'flex', alignItems: 'center', boxShadow: tokens.shadow2,
    '@media (forced-colors: active)': { outline: '1px solid CanvasText', outlineOffset: '-1px' },
  },
  progress: {
    position: 'absolute', left: 0, top: 0, bottom: 0, backgroundColor: `rgba(0, 0, 0, ${DONE_SHADE})`,
    '@media (forced-colors: active)': { top: 'auto', height: '3px', backgroundColor: 'Highlight', forcedColorAdjust: 'none' },
  },
  // the colour is the bar's own (barTextColor), set inline
  barText: { position: 'relative', paddingLeft: '6px', fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap', display: 'flex', alignItems: 'center', gap: '4px' },
  done: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
  // the parents beside the bar's end, where the row has room at every zoom level
  supports: { position: 'absolute', lineHeight: `${BAR_HEIGHT}px`, paddingLeft: '6px', fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
});

interface Props {
  rows: GanttRow[];
  range: { from: number; to: number };
  zoom: ZoomLevel;
  collapsed: ReadonlySet<number>;
  onToggle: (objectiveId: number) => void;
  onOpen: (objectiveId: number) => void;
  /** the width the bars have, for zoom to fit */
  onWidth: (width: number) => void;
  /** where to scroll once drawn (the day and the row), anew each time it changes */
  opening: OpeningView | null;
}

export function Gantt({ rows, range, zoom, collapsed, onToggle, onOpen, onWidth, opening }: Props) {
  const s = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  // width 0 until measured, before the first paint
  const [view, setView] = useState({ top: 0, height: 640, width: 0 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      setView({ top: el.scrollTop, height: el.clientHeight, width: el.clientWidth });
      onWidth(el.clientWidth - ganttLayout(el.clientWidth).labelWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [onWidth]);

  const { stacked, labelWidth, rowHeight } = ganttLayout(view.width);
  const px = zoom.pxPerDay;
  const hasSupports = useMemo(() => rows.some((r) => r.supports !== ''), [rows]);
  const chartWidth = Math.max(1, (range.to - range.from) * px) + (hasSupports ? SUPPORTS_ROOM : 0);
  const height = HEADER_HEIGHT + rows.length * rowHeight;
  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  // Tab from outside lands on a row in view, not on one drawn above it (the chart opens scrolled
  // to the person's row); once inside, every drawn row is a Tab stop, backwards too.
  const [focusInside, setFocusInside] = useState(false);
  const inView = (index: number) => index * rowHeight >= view.top && HEADER_HEIGHT + (index + 1) * rowHeight <= view.top + view.height;
  // the bar below a stacked title, or centred in the row beside it
  const barTop = stacked ? rowHeight - BAR_HEIGHT - 6 : (rowHeight - BAR_HEIGHT) / 2;

  // Opening (and on new data): today a third into the bars, the viewer's current row at the top.
  // Measured first: the box's real width decides the layout and so where things are.
  const measured = view.width > 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !opening || !measured) return;
    const bars = el.clientWidth - labelWidth;
    el.scrollLeft = scrollLeftFor(opening.day, range.from, px, bars, el.scrollWidth - el.clientWidth);
    el.scrollTop = openingRow(rows, opening.objectiveId) * rowHeight;
    setView((v) => ({ ...v, top: el.scrollTop }));
    // only a new opening (new data) scrolls; a zoom or a resize keeps the person's place
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, measured]);

  // A zoom keeps the day in the middle of the bars where it is, instead of the pixel offset.
  const lastPx = useRef(px);
  useLayoutEffect(() => {
    const el = scroller.current;
    const before = lastPx.current;
    lastPx.current = px;
    if (!el || before === px) return;
    const bars = el.clientWidth - labelWidth;
    const middle = (el.scrollLeft + bars / 2) / before;
    el.scrollLeft = Math.max(0, middle * px - bars / 2);
  }, [px, labelWidth]);
  const x = (day: number) => labelWidth + (day - range.from) * px;
  const today = dayNumber(isoDay());
  // The header and grid do not move with vertical scrolling: built once per zoom/range so a scroll
  // re-renders only the ~40 visible rows (at Day zoom they are over a thousand elements).
  const backdrop = useMemo(() => {
    const at = (day: number) => labelWidth + (day - range.from) * zoom.pxPerDay;
    const tickDays = ticks(range.from, range.to, zoom.tick);
    const width = labelWidth + Math.max(1, (range.to - range.from) * zoom.pxPerDay);
    return (
      <>
        <div className={s.header} style={{ width }}>
          {tickDays.map((d) => <div key={d} className={s.tick} style={{ left: at(d) }} title={isoOfDay(d)}>{tickLabel(d, zoom.tick)}</div>)}
          {!stacked && <div className={s.corner} style={{ width: labelWidth }}>Objective</div>}
        </div>
        {tickDays.map((d) => <div key={`g${d}`} className={s.gridLine} style={{ left: at(d), top: HEADER_HEIGHT, height: height - HEADER_HEIGHT }} />)}
        {today >= range.from && today <= range.to && <div className={s.today} title="Today" style={{ left: at(today), top: HEADER_HEIGHT, height: height - HEADER_HEIGHT }} />}
      </>
    );
  }, [labelWidth, stacked, range.from, range.to, zoom.pxPerDay, zoom.tick, height, today, s.header, s.tick, s.corner, s.gridLine, s.today]);

  return (
    <div ref={scroller} className={s.scroller} onScroll={(e) => {
      // read now: React calls the updater later, when the event's currentTarget is gone
      const top = e.currentTarget.scrollTop;
      setView((v) => ({ ...v, top }));
    }} role="tree" aria-label="Timeline" data-layout={stacked ? 'stacked' : 'columns'}
    onFocus={() => setFocusInside(true)} onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget)) setFocusInside(false); }}>
      <div style={{ position: 'relative', width: labelWidth + chartWidth, height }}>
        {backdrop}
        {rows.slice(first, last).map((r, i) => {
          const index = first + i;
          const done = r.status === 'completed';
          const open = () => onOpen(r.objectiveId);
          const tab = focusInside || inView(index) ? undefined : -1;
          return (
            <div key={r.key} role="treeitem" aria-level={r.kind === 'objective' ? 1 : 2} aria-expanded={r.hasChildren ? !collapsed.has(r.objectiveId) : undefined}
              className={s.row} style={{ top: HEADER_HEIGHT + index * rowHeight, height: rowHeight, width: labelWidth + chartWidth }} onClick={open} data-row={r.key}>
              <div
                className={stacked ? mergeClasses(s.stackedLabel, r.kind === 'keyResult' && s.stackedKrLabel) : mergeClasses(s.label, r.kind === 'keyResult' && s.krLabel)}
                style={{ width: stacked ? view.width : labelWidth }}
              >
                {r.kind === 'objective' && (r.hasChildren ? (
                  <Button size="small" appearance="subtle" tabIndex={tab} aria-label={`${collapsed.has(r.objectiveId) ? 'Expand' : 'Collapse'} ${r.title}`}
                    icon={collapsed.has(r.objectiveId) ? <ChevronRightRegular /> : <ChevronDownRegular />}
                    onClick={(e) => { e.stopPropagation(); onToggle(r.objectiveId); }} />
                ) : <span className={s.spacer} />)}
                {done && <CheckmarkCircleFilled className={s.done} aria-label="Completed" />}
                <button type="button" tabIndex={tab} className={s.open} title={`${r.title} — ${r.owner}${r.supports ? ` · Supports: ${r.supports}` : ''}`} onClick={(e) => { e.stopPropagation(); open(); }}>{r.title}</button>
              </div>
              <div className={s.bar} style={{ top: barTop, left: x(r.from), width: Math.max(4, (r.to - r.from) * px), backgroundColor: r.color }}
                title={`${r.title}: ${isoOfDay(r.from)} – ${isoOfDay(r.to - 1)} · ${r.progress}%`} data-progress={r.progress}>
                <div className={s.progress} style={{ width: `${r.progress}%` }} />
                {/* stacked, the title is on the line above: the bar keeps only the done mark */}
                <span className={s.barText} style={{ color: barTextColor(r.color) }}>{done && <CheckmarkCircleFilled />}{!stacked && r.title}</span>
              </div>
              {r.supports && <span className={s.supports} style={{ top: barTop, left: x(r.to) }} data-testid="timeline-supports">Supports: {r.supports}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}
