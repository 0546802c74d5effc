import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, makeStyles, Spinner, Switch, Text, ToggleButton, Tooltip, tokens } from '@fluentui/react-components';
import { ArrowMaximizeRegular, OrganizationRegular, TextBulletListTreeRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import type { OrgChartPerson } from '../../../../shared/api/org-chart';
import { hasCapability } from '../../../../shared/rules/permissions';
import { errorText } from '../../../lib/api';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { profilePath } from '../../../lib/paths';
import { userAtom } from '../../../lib/session/session';
import { useOrgChart } from '../api/org-chart';
import { frameHeight, ZOOM } from '../chart-view';
import { OrgChartCanvas, type OrgChartHandle } from '../components/OrgChartCanvas';
import { OrgChartList, type OrgChartListHandle } from '../components/OrgChartList';
import { PersonSearch } from '../components/PersonSearch';
import { foldedFrom, openingFit } from '../opening-fit';
import { ancestors, buildForest, CARD, layoutTree, type CardSize } from '../tree-layout';

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  views: { display: 'flex', gap: tokens.spacingHorizontalXS },
  hint: { color: tokens.colorNeutralForeground3 },
  stage: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

type ViewMode = 'chart' | 'list';
/** The person's pick of chart or list, in the address so it survives opening a profile and coming back. */
const VIEW_PARAM = 'view';
const viewOf = (value: string | null): ViewMode | null => (value === 'chart' || value === 'list' ? value : null);

interface Opening {
  /** the answer it was worked out for */
  list: readonly OrgChartPerson[];
  /** whether the chart fits its frame at a readable size; if not the page opens the list */
  fits: boolean;
  card: CardSize;
  /** a new opening draws the chart anew */
  serial: number;
}

/** The width of the element, kept up to date; 0 until measured. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    const measure = () => setWidth(node.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Who reports to whom, for everyone the directory shows the viewer. It opens fitted to the window
 * at a readable size (opening-fit.ts: deeper teams folded, nothing cut at the sides), or as a list
 * when even the top people and their reports do not fit (a narrow window); either view can be picked.
 */
export default function OrgChartPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useAtomValue(userAtom);
  const canSeeArchived = hasCapability(user, 'VIEW_ARCHIVED_USERS');
  const [includeArchived, setIncludeArchived] = useState(false);
  const chart = useOrgChart(canSeeArchived && includeArchived);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [opening, setOpening] = useState<Opening | null>(null);
  const canvas = useRef<OrgChartHandle>(null);
  const listView = useRef<OrgChartListHandle>(null);
  const stage = useRef<HTMLDivElement>(null);
  const stageWidth = useWidth(stage);

  const list = chart.data?.people;
  const people = useMemo(() => new Map((list ?? []).map((p) => [p.id, p])), [list]);
  const forest = useMemo(() => buildForest(list ?? []), [list]);

  // Each answer (the first, 'Show archived') opens anew, once the stage is measured: the chart's
  // frame is its width (less the border) and the window's height less the page around it.
  if (list && stageWidth > 0 && opening?.list !== list) {
    const fit = openingFit(forest, stageWidth - 2, frameHeight(window.innerHeight));
    setOpening({ list, fits: fit !== null, card: fit?.card ?? CARD, serial: (opening?.serial ?? 0) + 1 });
    setCollapsed(fit ? fit.collapsed : foldedFrom(forest, 1));
  }
  const card = opening?.card ?? CARD;
  const layout = useMemo(() => layoutTree(forest, collapsed, card), [forest, collapsed, card]);
  const mode: ViewMode = viewOf(params.get(VIEW_PARAM)) ?? (opening && !opening.fits ? 'list' : 'chart');

  const choose = (next: ViewMode) => setParams((current) => {
    const changed = new URLSearchParams(current);
    changed.set(VIEW_PARAM, next);
    return changed;
  }, { replace: true });

  const onToggle = useCallback((id: number) => setCollapsed((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  }), []);
  const onExpand = useCallback((ids: number[]) => setCollapsed((current) => new Set([...current].filter((id) => !ids.includes(id)))), []);
  const onOpen = useCallback((id: number) => navigate(profilePath(id)), [navigate]);
  const onPick = (id: number) => {
    if (mode === 'chart') {
      canvas.current?.centre(id);
      return;
    }
    onExpand(ancestors(forest, id));
    listView.current?.reveal(id);
  };

  const actions = (
    <div className={styles.toolbar}>
      {list && <PersonSearch people={list} onPick={onPick} />}
      <div role="group" aria-label="Show as" className={styles.views}>
        <ToggleButton icon={<OrganizationRegular />} checked={mode === 'chart'} onClick={() => choose('chart')}>Chart</ToggleButton>
        <ToggleButton icon={<TextBulletListTreeRegular />} checked={mode === 'list'} onClick={() => choose('list')}>List</ToggleButton>
      </div>
      {mode === 'chart' && (
        <>
          <Tooltip content="Zoom in" relationship="label"><Button icon={<ZoomInRegular />} onClick={() => canvas.current?.zoomBy(ZOOM.step)} /></Tooltip>
          <Tooltip content="Zoom out" relationship="label"><Button icon={<ZoomOutRegular />} onClick={() => canvas.current?.zoomBy(1 / ZOOM.step)} /></Tooltip>
          <Tooltip content="Show the whole chart" relationship="label">
            <Button icon={<ArrowMaximizeRegular />} onClick={() => { setCollapsed(new Set()); canvas.current?.showWhole(); }} />
          </Tooltip>
        </>
      )}
      <Button onClick={() => setCollapsed(new Set())} disabled={collapsed.size === 0}>Expand all</Button>
      {canSeeArchived && <Switch label="Show archived" checked={includeArchived} onChange={(_, d) => setIncludeArchived(d.checked)} />}
    </div>
  );

  const hint = mode === 'chart'
    ? 'Drag or scroll to move, Ctrl + scroll to zoom; arrow keys move between people, Enter opens a profile, Space folds a team.'
    : 'Arrow keys move between people, Right and Left unfold and fold a team, Enter opens a profile.';

  return (
    <PageFrame title="Org chart" actions={actions}>
      <div ref={stage} className={styles.stage}>
        {chart.isPending ? (
          <Spinner label="Loading the org chart…" />
        ) : chart.isError ? (
          <EmptyState title="The org chart could not be loaded">{errorText(chart.error)}</EmptyState>
        ) : people.size === 0 ? (
          <EmptyState title="Nobody to show">The directory shows you no one yet.</EmptyState>
        ) : opening && (
          <>
            <Text size={200} className={styles.hint}>{`${people.size} people. ${hint}`}</Text>
            {mode === 'chart' ? (
              <OrgChartCanvas
                key={opening.serial} ref={canvas} people={people} forest={forest} layout={layout} collapsed={collapsed}
                onExpand={onExpand} onToggle={onToggle} onOpen={onOpen}
              />
            ) : (
              <OrgChartList ref={listView} people={people} forest={forest} layout={layout} onToggle={onToggle} onOpen={onOpen} />
            )}
          </>
        )}
      </div>
    </PageFrame>
  );
}
