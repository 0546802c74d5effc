import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { isoDay } from '../../../../shared/rules/dates';
import { dayNumber, fitZoom, ZOOM_LEVELS } from '../../../../shared/rules/timeline';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { userAtom } from '../../../lib/session/session';
import { detailsPath } from '../../objectives';
import { useTimeline } from '../api/timeline';
import { Gantt } from '../components/Gantt';
import { ganttRows, rangeOf } from '../components/gantt-rows';
import { openingView } from '../components/opening-view';
import { TimelineToolbar } from '../components/TimelineToolbar';
import { timelineFiltersAtom, timelineZoomAtom } from '../timeline-state';

const useStyles = makeStyles({ error: { color: tokens.colorPaletteRedForeground1 } });

/** spec §2 /objective-tracking/timeline: the Gantt of the objectives one may see. */
export default function TimelinePage() {
  const s = useStyles();
  const navigate = useNavigate();
  const [filters, setFilters] = useAtom(timelineFiltersAtom);
  const [zoom, setZoom] = useAtom(timelineZoomAtom);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const width = useRef(1000);
  const timeline = useTimeline(filters);
  const items = useMemo(() => timeline.data?.items ?? [], [timeline.data]);
  const rows = useMemo(() => ganttRows(items, collapsed), [items, collapsed]);
  const range = useMemo(() => rangeOf(items), [items]);
  const viewerId = useAtomValue(userAtom)?.id ?? null;
  // anew for each answer (the first, a filter's), not when a row folds: that keeps the person's place
  const opening = useMemo(() => (items.length ? openingView(items, viewerId, dayNumber(isoDay())) : null), [items, viewerId]);
  const onWidth = useCallback((w: number) => { width.current = w; }, []);

  const toggle = (id: number) => setCollapsed((c) => {
    const next = new Set(c);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  return (
    <PageFrame title="Timeline">
      <TimelineToolbar
        filters={filters}
        onFilters={setFilters}
        zoom={zoom}
        onZoom={setZoom}
        onFit={() => setZoom(fitZoom(range.to - range.from, width.current))}
        onCollapseAll={() => setCollapsed(new Set(items.filter((o) => o.keyResults.length > 0).map((o) => o.id)))}
        onExpandAll={() => setCollapsed(new Set())}
        onReset={() => setFilters({ scope: 'all' })}
      />
      {timeline.isError && <Text role="alert" className={s.error}>{errorText(timeline.error)}</Text>}
      {timeline.isPending && <Loading />}
      {timeline.data && items.length === 0 && (
        <EmptyState title="Nothing to draw yet">There are no objectives for these filters. Objectives you may see appear here once they exist.</EmptyState>
      )}
      {timeline.data?.truncated && <Text>Only the first {items.length} objectives are drawn; narrow the filters to see the rest.</Text>}
      {items.length > 0 && (
        <Gantt rows={rows} range={range} zoom={ZOOM_LEVELS[zoom]} collapsed={collapsed} onToggle={toggle} onOpen={(id) => void navigate(detailsPath(id))} onWidth={onWidth} opening={opening} />
      )}
    </PageFrame>
  );
}
