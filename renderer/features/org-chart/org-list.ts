import type { Forest, TreeLayout } from './tree-layout';

// The org chart as a list (the view a narrow window opens in): the people shown, depth first as
// the chart orders them (TreeLayout.order), each indented under their manager. The keys follow
// the WAI-ARIA tree pattern: Up and Down to the previous and next person, Home and End, Right
// unfolds a team or goes to its first person, Left folds it or goes up to the manager.

export type ListMove = { type: 'focus'; id: number } | { type: 'toggle'; id: number } | { type: 'none' };

export function listKeyMove(forest: Forest, layout: Pick<TreeLayout, 'nodes' | 'order'>, id: number, key: string): ListMove {
  const { order } = layout;
  const index = order.indexOf(id);
  const node = layout.nodes.get(id);
  if (index < 0 || !node) return { type: 'none' };
  const focus = (i: number): ListMove => (i >= 0 && i < order.length && i !== index ? { type: 'focus', id: order[i] } : { type: 'none' });
  switch (key) {
    case 'ArrowDown': return focus(index + 1);
    case 'ArrowUp': return focus(index - 1);
    case 'Home': return focus(0);
    case 'End': return focus(order.length - 1);
    case 'ArrowRight':
      if (node.reportCount === 0) return { type: 'none' };
      return node.collapsed ? { type: 'toggle', id } : focus(index + 1);
    case 'ArrowLeft': {
      if (node.reportCount > 0 && !node.collapsed) return { type: 'toggle', id };
      const manager = forest.parent.get(id) ?? null;
      return manager === null ? { type: 'none' } : focus(order.indexOf(manager));
    }
    default: return { type: 'none' };
  }
}

/** How far a row is indented: a step per level, no deeper than `maxLevels` so names keep their room at 320 px. */
export function indentOf(depth: number, step = 20, maxLevels = 5): number {
  return Math.min(depth, maxLevels) * step;
}
