import { useCallback, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { rowWindow, treeKeyMove, type TreeRow } from '../visible-rows';
import { AlignmentRow, ROW_HEIGHT } from './AlignmentRow';

const useStyles = makeStyles({
  frame: {
    position: 'relative', overflowY: 'auto', overflowX: 'hidden', height: 'calc(100vh - 300px)', minHeight: '320px',
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, contain: 'strict',
  },
});

export interface AlignmentTreeHandle {
  /** scrolls the row to the middle of the frame and gives it focus */
  reveal: (key: string) => void;
}

export interface AlignmentTreeProps {
  rows: readonly TreeRow[];
  onToggle: (row: TreeRow) => void;
  /** Enter on a row: an objective's or key result's details, more of a level, a failed level again */
  onActivate: (row: TreeRow) => void;
  ref?: Ref<AlignmentTreeHandle>;
}

/**
 * The alignment tree (docs/api.md 'Alignment') as a WAI-ARIA tree over a virtualised list: only the rows in
 * view (and the focused one) are in the DOM, positioned by their index, so scrolling through
 * thousands of unfolded rows stays at 60 frames per second. One row is tabbable (roving
 * tabindex); the arrow keys, Home and End move as the tree pattern says.
 */
export function AlignmentTree({ rows, onToggle, onActivate, ref }: AlignmentTreeProps) {
  const styles = useStyles();
  const frame = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  // set by the keyboard and by reveal(): the focused row gets DOM focus once it is rendered
  const moveFocus = useRef(false);

  useLayoutEffect(() => {
    const node = frame.current;
    if (!node) return undefined;
    const measure = () => setHeight(node.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const focusedIndex = focusedKey === null ? -1 : rows.findIndex((r) => r.key === focusedKey);
  const tabIndex = focusedIndex >= 0 ? focusedIndex : 0;

  const scrollToIndex = useCallback((index: number, centre: boolean) => {
    const node = frame.current;
    if (!node) return;
    const top = index * ROW_HEIGHT;
    if (centre) node.scrollTop = Math.max(0, top - node.clientHeight / 2 + ROW_HEIGHT / 2);
    else if (top < node.scrollTop) node.scrollTop = top;
    else if (top + ROW_HEIGHT > node.scrollTop + node.clientHeight) node.scrollTop = top + ROW_HEIGHT - node.clientHeight;
    setScrollTop(node.scrollTop);
  }, []);

  useImperativeHandle(ref, () => ({
    reveal: (key: string) => {
      const index = rows.findIndex((r) => r.key === key);
      if (index < 0) return;
      moveFocus.current = true;
      setFocusedKey(key);
      scrollToIndex(index, true);
    },
  }), [rows, scrollToIndex]);

  useLayoutEffect(() => {
    if (!moveFocus.current || focusedKey === null) return;
    const el = frame.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusedKey)}"]`);
    if (el) {
      moveFocus.current = false;
      el.focus({ preventScroll: true });
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabIndex;
    const row = rows[index];
    if (!row) return;
    if (event.key === 'Enter' || (event.key === ' ' && row.kind !== 'node')) {
      event.preventDefault();
      onActivate(row);
      return;
    }
    if (event.key === ' ' && row.expandable) {
      event.preventDefault();
      onToggle(row);
      return;
    }
    const move = treeKeyMove(rows, index, event.key);
    if (move.type === 'none') return;
    event.preventDefault();
    if (move.type === 'focus') {
      moveFocus.current = true;
      setFocusedKey(rows[move.index].key);
      scrollToIndex(move.index, false);
    } else {
      onToggle(row);
    }
  };

  const { first, last } = rowWindow(scrollTop, height, ROW_HEIGHT, rows.length);
  const shown: number[] = [];
  for (let i = first; i <= last; i += 1) shown.push(i);
  // the tabbable row stays in the DOM wherever it is, so Tab always finds the tree
  if (rows.length > 0 && (tabIndex < first || tabIndex > last)) shown.push(tabIndex);

  return (
    <div
      ref={frame}
      role="tree"
      aria-label="Alignment of objectives"
      className={styles.frame}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
      data-testid="alignment-tree"
    >
      <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
        {shown.map((i) => (
          <AlignmentRow
            key={rows[i].key}
            row={rows[i]}
            top={i * ROW_HEIGHT}
            tabbable={i === tabIndex}
            active={i === focusedIndex}
            onToggle={onToggle}
            onActivate={onActivate}
            onFocusRow={setFocusedKey}
          />
        ))}
      </div>
    </div>
  );
}
