import { describe, expect, it } from 'vitest';
import { ancestors, buildForest, CARD, edgesInView, layoutTree, neighbour, nodesInView, type TreePerson } from './tree-layout';

// owner(1) ← manager(2) ← lead(3) ← members 4, 5;  owner ← hr(6);  7 has a manager not sent.
const company: TreePerson[] = [
  { id: 1, managerId: null }, { id: 2, managerId: 1 }, { id: 3, managerId: 2 },
  { id: 4, managerId: 3 }, { id: 5, managerId: 3 }, { id: 6, managerId: 1 }, { id: 7, managerId: 99 },
];

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  a.x < b.x + CARD.width && b.x < a.x + CARD.width && a.y < b.y + CARD.height && b.y < a.y + CARD.height;

describe('buildForest', () => {
  it('puts people under their manager, and those without a shown manager at the top', () => {
    const forest = buildForest(company);
    expect(forest.roots).toEqual([1, 7]);
    expect(forest.children.get(1)).toEqual([2, 6]);
    expect(forest.depth.get(5)).toBe(3);
  });

  it('shows everyone once when old data loops', () => {
    const forest = buildForest([{ id: 1, managerId: 2 }, { id: 2, managerId: 3 }, { id: 3, managerId: 1 }, { id: 4, managerId: 1 }]);
    expect(forest.roots).toEqual([1]);
    const layout = layoutTree(forest, new Set());
    expect([...layout.nodes.keys()].sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('layoutTree', () => {
  const forest = buildForest(company);
  const layout = layoutTree(forest, new Set());

  it('places managers above their reports and no two cards on top of each other', () => {
    const nodes = [...layout.nodes.values()];
    expect(nodes).toHaveLength(7);
    for (const n of nodes) {
      const parent = forest.parent.get(n.id);
      if (parent != null) expect(n.y).toBeGreaterThan((layout.nodes.get(parent)?.y ?? 0) + CARD.height);
    }
    for (const a of nodes) for (const b of nodes) if (a !== b) expect(overlaps(a, b)).toBe(false);
    expect(layout.width).toBeGreaterThan(0);
    for (const n of nodes) expect(n.x + CARD.width).toBeLessThanOrEqual(layout.width + 0.001);
  });

  it('centres a manager with managers below over them', () => {
    const owner = layout.nodes.get(1);
    const kids = [layout.nodes.get(2), layout.nodes.get(6)];
    const middle = ((kids[0]?.x ?? 0) + (kids[1]?.x ?? 0)) / 2;
    expect(owner?.x).toBeCloseTo(middle, 5);
  });

  it('stacks reports who have no reports in a column under their manager', () => {
    const [a, b] = [layout.nodes.get(4), layout.nodes.get(5)];
    expect(a?.x).toBe(b?.x);
    expect(b?.y).toBe((a?.y ?? 0) + CARD.height + CARD.stackGap);
  });

  it('wraps a long stack into columns', () => {
    const many: TreePerson[] = [{ id: 1, managerId: null }, ...Array.from({ length: 13 }, (_, i) => ({ id: i + 2, managerId: 1 }))];
    const wide = layoutTree(buildForest(many), new Set());
    const xs = new Set([...wide.nodes.values()].filter((n) => n.id !== 1).map((n) => n.x));
    expect(xs.size).toBe(Math.ceil(13 / CARD.stackRows));
  });

  it('lists people depth-first from the top', () => {
    expect(layout.order).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves out the reports of a collapsed manager and says how many there are', () => {
    const folded = layoutTree(forest, new Set([2]));
    expect([...folded.nodes.keys()].sort()).toEqual([1, 2, 6, 7]);
    expect(folded.nodes.get(2)).toMatchObject({ collapsed: true, reportCount: 1 });
    expect(folded.edges.map((e) => e.to).sort()).toEqual([2, 6]);
  });

  it('lays out 2,000 people quickly and deep chains without recursion', () => {
    const big: TreePerson[] = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, managerId: i === 0 ? null : Math.floor(i / 8) + 1 }));
    const started = performance.now();
    const result = layoutTree(buildForest(big), new Set());
    expect(result.nodes.size).toBe(2000);
    expect(performance.now() - started).toBeLessThan(2000);
    const chain: TreePerson[] = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, managerId: i === 0 ? null : i }));
    expect(layoutTree(buildForest(chain), new Set()).nodes.size).toBe(5000);
  });
});

describe('culling', () => {
  it('renders only the cards and lines in the viewport', () => {
    const forest = buildForest(company);
    const layout = layoutTree(forest, new Set());
    const owner = layout.nodes.get(1);
    const view = { left: owner?.x ?? 0, top: 0, right: (owner?.x ?? 0) + 10, bottom: 10 };
    expect(nodesInView(layout, view).map((n) => n.id)).toEqual([1]);
    expect(edgesInView(layout, view)).toHaveLength(0);
    const all = { left: -1, top: -1, right: layout.width + 1, bottom: layout.height + 1 };
    expect(nodesInView(layout, all)).toHaveLength(7);
    expect(edgesInView(layout, all)).toHaveLength(layout.edges.length);
  });
});

describe('keyboard moves', () => {
  const forest = buildForest(company);
  it('goes up to the manager, down to the first report, sideways to siblings', () => {
    expect(neighbour(forest, new Set(), 3, 'ArrowUp')).toBe(2);
    expect(neighbour(forest, new Set(), 1, 'ArrowDown')).toBe(2);
    expect(neighbour(forest, new Set(), 2, 'ArrowRight')).toBe(6);
    expect(neighbour(forest, new Set(), 6, 'ArrowRight')).toBeNull();
    expect(neighbour(forest, new Set(), 1, 'ArrowRight')).toBe(7);
    expect(neighbour(forest, new Set(), 1, 'ArrowUp')).toBeNull();
  });

  it('does not go down into a collapsed manager', () => {
    expect(neighbour(forest, new Set([3]), 3, 'ArrowDown')).toBeNull();
  });

  it('names the managers to expand for a search hit', () => {
    expect(ancestors(forest, 5)).toEqual([3, 2, 1]);
    expect(ancestors(forest, 1)).toEqual([]);
  });
});
