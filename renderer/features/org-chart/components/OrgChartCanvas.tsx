import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { OrgChartPerson } from '../../../../shared/api/org-chart';
import { centreOn, cullWindow, firstView, fitView, FRAME, isOnScreen, zoomAt, ZOOM, type View } from '../chart-view';
import { ancestors, edgesInView, neighbour, nodesInView, type Forest, type TreeKey, type TreeLayout, type Viewport } from '../tree-layout';
import { PersonCard, PersonDot } from './PersonCard';

const useStyles = makeStyles({
  frame: {
    position: 'relative', overflow: 'hidden', flexGrow: 1, minHeight: `${FRAME.minHeight}px`, height: `calc(100vh - ${FRAME.chrome}px)`,
    backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusLarge, touchAction: 'none', cursor: 'grab',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  dragging: { cursor: 'grabbing' },
  layer: { position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', willChange: 'transform' },
  lines: { position: 'absolute', left: 0, top: 0, overflow: 'visible', pointerEvents: 'none' },
  // under forced colours the reporting lines vanished with the theme's stroke: the system's text colour
  path: { '@media (forced-colors: active)': { stroke: 'CanvasText', forcedColorAdjust: 'none' } },
});

export interface OrgChartHandle {
  zoomBy: (factor: number) => void;
  /** fits the chart as laid out on the next render (the page unfolds everyone in the same click) */
  showWhole: () => void;
  /** shows the person (expanding their managers first) in the middle and focuses their card */
  centre: (id: number) => void;
}

interface OrgChartCanvasProps {
  people: ReadonlyMap<number, OrgChartPerson>;
  forest: Forest;
  layout: TreeLayout;
  collapsed: ReadonlySet<number>;
  onExpand: (ids: number[]) => void;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
  ref?: Ref<OrgChartHandle>;
}

const ARROWS: readonly string[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/**
 * The chart surface: drag to pan, wheel to pan, ctrl/⌘+wheel or the buttons to
 * zoom; only the cards and lines near the screen are rendered, so 2,000 people pan smoothly.
 * Keyboard: arrows move between people, Enter opens the profile, Space folds a manager's reports.
 */
export function OrgChartCanvas({ people, forest, layout, collapsed, onExpand, onToggle, onOpen, ref }: OrgChartCanvasProps) {
  const styles = useStyles();
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [view, setView] = useState<View | null>(null);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const pendingCentre = useRef<number | null>(null);
  const pendingWhole = useRef(false);
  // the card that stays put on screen when the layout changes: the one folded or unfolded, else the top person
  const anchor = useRef<number | null>(null);
  const shownLayout = useRef(layout);
  const toggle = useCallback((id: number) => {
    anchor.current = id;
    onToggle(id);
  }, [onToggle]);

  // A fold, an unfold or Expand all lays the chart out anew: the view moves with it, so the card
  // acted on (or the top person) stays where the person was looking instead of jumping away.
  useLayoutEffect(() => {
    const before = shownLayout.current;
    shownLayout.current = layout;
    if (before === layout) return;
    const id = anchor.current ?? layout.order[0];
    anchor.current = null;
    const was = id === undefined ? undefined : before.nodes.get(id);
    const now = id === undefined ? undefined : layout.nodes.get(id);
    if (!was || !now) return;
    setView((v) => (v ? { ...v, x: v.x + (was.x - now.x) * v.k, y: v.y + (was.y - now.y) * v.k } : v));
  }, [layout]);
  const focusOnRender = useRef(false);

  useLayoutEffect(() => {
    const node = frame.current;
    if (!node) return undefined;
    const measure = () => setSize({ width: node.clientWidth, height: node.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // The first view (chart-view.ts firstView): the chart as the page folded it to fit, set while
  // rendering as soon as the frame is measured (no blank frame first).
  const first = view || size.width === 0 || layout.order.length === 0 ? undefined : firstView(layout, size.width, size.height);
  if (first) setView(first);

  useEffect(() => {
    if (!pendingWhole.current || !view) return;
    pendingWhole.current = false;
    setView(fitView(layout, size.width, size.height));
  }, [layout, view, size]);

  // A search hit waits for its managers to be expanded and laid out, then is centred.
  useEffect(() => {
    const id = pendingCentre.current;
    if (id === null || !view) return;
    const node = layout.nodes.get(id);
    if (!node) return;
    pendingCentre.current = null;
    focusOnRender.current = true;
    setFocusedId(id);
    setView(centreOn({ ...view, k: Math.max(view.k, ZOOM.text) }, node.x, node.y, size.width, size.height));
  }, [layout, view, size]);

  const focusedNode = focusedId === null ? undefined : layout.nodes.get(focusedId);
  useEffect(() => {
    if (!focusOnRender.current || focusedId === null) return;
    const card = frame.current?.querySelector<HTMLElement>(`[data-person-id="${focusedId}"]`);
    if (card) {
      focusOnRender.current = false;
      card.focus({ preventScroll: true });
    }
  });

  useImperativeHandle(ref, () => ({
    zoomBy: (factor) => setView((v) => (v ? zoomAt(v, factor, size.width / 2, size.height / 2) : v)),
    showWhole: () => {
      pendingWhole.current = true;
      setView((v) => (v ? { ...v } : v)); // re-run the fitting effect
    },
    centre: (id) => {
      pendingCentre.current = id;
      const closed = ancestors(forest, id).filter((a) => collapsed.has(a));
      if (closed.length) onExpand(closed);
      else setView((v) => (v ? { ...v } : v)); // re-run the centring effect
    },
  }), [size, forest, collapsed, onExpand]);

  // Wheel: pan, or zoom around the pointer with ctrl/⌘ (and pinch, which browsers send as ctrl+wheel).
  useEffect(() => {
    const node = frame.current;
    if (!node) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = node.getBoundingClientRect();
      if (event.ctrlKey || event.metaKey) {
        const factor = Math.exp(-event.deltaY * 0.002);
        setView((v) => (v ? zoomAt(v, factor, event.clientX - rect.left, event.clientY - rect.top) : v));
      } else {
        setView((v) => (v ? { ...v, x: v.x - event.deltaX, y: v.y - event.deltaY } : v));
      }
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, []);

  // Drag to pan; view changes are batched to one per frame.
  const drag = useRef<{ x: number; y: number; moved: boolean; pointerId: number } | null>(null);
  const frameRequest = useRef<number | null>(null);
  const pendingDelta = useRef({ dx: 0, dy: 0 });
  const onPointerDown = (event: React.PointerEvent) => {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, moved: false, pointerId: event.pointerId };
  };
  const onPointerMove = (event: React.PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (!d.moved && Math.abs(dx) + Math.abs(dy) < 4) return; // a click, not a drag
    if (!d.moved) {
      d.moved = true;
      setDragging(true);
      frame.current?.setPointerCapture(d.pointerId);
    }
    d.x = event.clientX;
    d.y = event.clientY;
    pendingDelta.current.dx += dx;
    pendingDelta.current.dy += dy;
    if (frameRequest.current === null) {
      frameRequest.current = requestAnimationFrame(() => {
        frameRequest.current = null;
        const { dx: px, dy: py } = pendingDelta.current;
        pendingDelta.current = { dx: 0, dy: 0 };
        setView((v) => (v ? { ...v, x: v.x + px, y: v.y + py } : v));
      });
    }
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };
  // A drag that ends over a card must not open the profile.
  const onClickCapture = (event: React.MouseEvent) => {
    if (dragging) {
      event.stopPropagation();
      event.preventDefault();
    }
  };

  const moveFocus = useCallback((id: number) => {
    const node = layout.nodes.get(id);
    if (!node) return;
    focusOnRender.current = true;
    setFocusedId(id);
    setView((v) => (v && !isOnScreen(v, node.x, node.y, size.width, size.height) ? centreOn(v, node.x, node.y, size.width, size.height) : v));
  }, [layout, size]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const current = focusedId ?? layout.order[0];
    if (current === undefined) return;
    if (ARROWS.includes(event.key)) {
      event.preventDefault();
      const next = focusedId === null ? current : neighbour(forest, collapsed, current, event.key as TreeKey);
      if (next !== null) moveFocus(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(current);
    } else if (event.key === ' ') {
      event.preventDefault();
      if (forest.children.get(current)?.length) toggle(current);
    } else if (event.key === '+' || event.key === '=') {
      setView((v) => (v ? zoomAt(v, ZOOM.step, size.width / 2, size.height / 2) : v));
    } else if (event.key === '-') {
      setView((v) => (v ? zoomAt(v, 1 / ZOOM.step, size.width / 2, size.height / 2) : v));
    }
  };

  // A pan frame only moves the layer: the culled cards and lines change when the window does.
  const cullKey = view ? JSON.stringify(cullWindow(view, size.width, size.height)) : '';
  const cull = useMemo(() => (cullKey ? (JSON.parse(cullKey) as Viewport) : null), [cullKey]);
  const visible = useMemo(() => (cull ? nodesInView(layout, cull) : []), [layout, cull]);
  const lines = useMemo(() => {
    if (!cull) return '';
    return edgesInView(layout, cull).map((e) => `M${e.points.map(([x, y]) => `${x},${y}`).join('L')}`).join('');
  }, [layout, cull]);

  const readable = (view?.k ?? 1) >= ZOOM.readable;
  const focusedShown = focusedNode !== undefined && visible.includes(focusedNode);
  const onFocusPerson = useCallback((id: number) => setFocusedId(id), []);
  const strokeWidth = view ? Math.max(1.5, Math.round(1 / view.k)) : 1.5;
  const drawn = useMemo(() => visible.map((node) => {
    const person = people.get(node.id);
    if (!person) return null;
    return readable ? (
      <PersonCard
        key={node.id} person={person} node={node} focused={node.id === focusedId} tabbable={node.id === focusedId}
        onOpen={onOpen} onToggle={toggle} onFocusPerson={onFocusPerson}
      />
    ) : (
      <PersonDot key={node.id} node={node} />
    );
  }), [visible, people, readable, focusedId, onOpen, toggle, onFocusPerson]);
  // The lines' SVG covers the culling window only: a chart-sized one would be a huge layer to paint.
  const svg = useMemo(() => {
    if (!cull) return null;
    const width = cull.right - cull.left;
    const height = cull.bottom - cull.top;
    return (
      <svg
        className={styles.lines} style={{ left: cull.left, top: cull.top }} width={width} height={height}
        viewBox={`${cull.left} ${cull.top} ${width} ${height}`} aria-hidden
      >
        <path className={styles.path} d={lines} fill="none" stroke={tokens.colorNeutralStroke1} strokeWidth={strokeWidth} />
      </svg>
    );
  }, [styles.lines, styles.path, cull, lines, strokeWidth]);

  return (
    <div
      ref={frame}
      role="tree"
      aria-label="Org chart"
      tabIndex={focusedShown && readable ? -1 : 0}
      className={dragging ? `${styles.frame} ${styles.dragging}` : styles.frame}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onClickCapture={onClickCapture}
      onKeyDown={onKeyDown}
      data-testid="org-chart"
      data-zoom={view?.k.toFixed(3)}
    >
      {view && (
        <div className={styles.layer} style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.k})` }}>
          {svg}
          {drawn}
        </div>
      )}
    </div>
  );
}
