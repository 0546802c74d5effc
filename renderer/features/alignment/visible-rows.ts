import type { AlignmentNode } from '../../../shared/api/alignment';

// The alignment view's tree as the flat list of rows it shows: only unfolded levels
// are in it, and only the rows on screen are rendered, so a company of 250,000 objectives opens
// with its first level and scrolls like a list of a few thousand.

/** One level of the tree as loaded so far: what supports one objective (or the top, parentId null). */
export interface LoadedLevel {
  items: readonly AlignmentNode[];
  total: number;
  /** a page of it is on its way */
  loading: boolean;
  /** the last page asked for failed */
  error: string | null;
}

export type RowKind = 'node' | 'loading' | 'more' | 'error';

export interface TreeRow {
  /** the path from the top, each step a node key: one objective may sit under several parents */
  key: string;
  kind: RowKind;
  /** aria-level, from 1 */
  depth: number;
  node: AlignmentNode | null;
  /** the objective whose level this row belongs to (null at the top) */
  parentId: number | null;
  /** the key of the row it sits under (null at the top) */
  parentKey: string | null;
  posInSet: number;
  setSize: number;
  /** an objective something supports: it unfolds */
  expandable: boolean;
  expanded: boolean;
  /** for 'more': how many of the level are shown and how many there are */
  shown?: number;
  total?: number;
}

/** A node's key inside its parent: objectives and key results by id, private ends by their link. */
export function nodeKey(node: AlignmentNode, index: number): string {
  if (node.kind === 'objective') return `o${node.id}`;
  if (node.kind === 'keyResult') return `k${node.id}`;
  return `p${node.link?.id ?? `i${index}`}`;
}

export const childKey = (parentKey: string | null, key: string) => (parentKey === null ? key : `${parentKey}/${key}`);

/** The objective ids a row key passes through, top first ('o12/o34/k5' → [12, 34]). */
export function objectiveIdsOf(key: string): number[] {
  return key.split('/').flatMap((step) => (step.startsWith('o') ? [Number(step.slice(1))] : []));
}

/**
 * The rows on show: the top level, and under each unfolded objective what supports it, with a
 * 'loading' row while a level is on its way, an 'error' row when it failed and a 'more' row when
 * only some pages of it are loaded.
 */
export function visibleRows(levelOf: (parentId: number | null) => LoadedLevel | undefined, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (parentId: number | null, parentKey: string | null, depth: number, seen: ReadonlySet<number>) => {
    const level = levelOf(parentId);
    const base = { depth, parentId, parentKey, node: null, expandable: false, expanded: false };
    if (!level) {
      rows.push({ ...base, key: childKey(parentKey, '~loading'), kind: 'loading', posInSet: 1, setSize: 1 });
      return;
    }
    const extra = level.loading || level.error || level.items.length < level.total ? 1 : 0;
    const setSize = level.items.length + extra;
    level.items.forEach((node, index) => {
      const key = childKey(parentKey, nodeKey(node, index));
      // the hub refuses cycles; a path never passes an objective twice all the same
      const expandable = node.kind === 'objective' && node.childCount > 0 && !seen.has(node.id);
      const isOpen = expandable && expanded.has(key);
      rows.push({ ...base, key, kind: 'node', node, posInSet: index + 1, setSize, expandable, expanded: isOpen });
      if (isOpen && node.kind === 'objective') walk(node.id, key, depth + 1, new Set([...seen, node.id]));
    });
    const posInSet = level.items.length + 1;
    if (level.loading) rows.push({ ...base, key: childKey(parentKey, '~loading'), kind: 'loading', posInSet, setSize });
    else if (level.error) rows.push({ ...base, key: childKey(parentKey, '~error'), kind: 'error', posInSet, setSize });
    else if (level.items.length < level.total) {
      rows.push({ ...base, key: childKey(parentKey, '~more'), kind: 'more', posInSet, setSize, shown: level.items.length, total: level.total });
    }
  };
  walk(null, null, 1, new Set());
  return rows;
}

export type TreeMove =
  | { type: 'focus'; index: number }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string }
  | { type: 'none' };

/**
 * The WAI-ARIA tree pattern's keys on the flat rows: Down/Up the next/previous row, Right unfolds
 * a folded objective or goes to its first child, Left folds an unfolded one or goes to the parent,
 * Home/End the first/last row.
 */
export function treeKeyMove(rows: readonly TreeRow[], index: number, key: string): TreeMove {
  const row = rows[index];
  if (!row) return rows.length > 0 ? { type: 'focus', index: 0 } : { type: 'none' };
  switch (key) {
    case 'ArrowDown':
      return index + 1 < rows.length ? { type: 'focus', index: index + 1 } : { type: 'none' };
    case 'ArrowUp':
      return index > 0 ? { type: 'focus', index: index - 1 } : { type: 'none' };
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (row.expandable && !row.expanded) return { type: 'expand', key: row.key };
      if (row.expanded && rows[index + 1]?.parentKey === row.key) return { type: 'focus', index: index + 1 };
      return { type: 'none' };
    case 'ArrowLeft': {
      if (row.expanded) return { type: 'collapse', key: row.key };
      if (row.parentKey === null) return { type: 'none' };
      const parent = rows.findIndex((r) => r.key === row.parentKey);
      return parent >= 0 ? { type: 'focus', index: parent } : { type: 'none' };
    }
    default:
      return { type: 'none' };
  }
}

/** The first and last row to render for a scroll position, with some rows either side. */
export function rowWindow(scrollTop: number, height: number, rowHeight: number, count: number, overscan = 8): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { first, last };
}
