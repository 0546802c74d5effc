// The org chart's layout (people spec, org chart), pure so it is tested without a browser. A tidy tree
// from the top: each subtree gets its own box, siblings sit side by side under their manager, and
// a manager whose reports have no reports of their own gets them stacked in columns, so a lead
// with 30 people does not make the chart 30 cards wide. O(n) for 2,000 people.

export interface TreePerson {
  id: number;
  managerId: number | null;
}

export interface Forest {
  roots: number[];
  children: Map<number, number[]>;
  parent: Map<number, number | null>;
  depth: Map<number, number>;
}

// 240 × 96: room beside the picture for a name on two lines and a job title on two ('Chief
// Executive Officer' was cut on one), then the teams; at 220 × 76 'Mihai Dumit…'.
export interface CardSize {
  readonly width: number;
  readonly height: number;
  readonly hGap: number;
  readonly vGap: number;
  readonly stackGap: number;
  /** reports stacked under a manager: at most this many in a column */
  readonly stackRows: number;
}
export const CARD: CardSize = { width: 240, height: 96, hGap: 28, vGap: 56, stackGap: 14, stackRows: 6 };

/**
 * Children in the order given (the hub sends people by name). A manager missing from the list
 * makes the person a root; people caught in a reporting loop (older data) hang from the
 * first-listed of them, so everyone appears exactly once.
 */
export function buildForest(people: readonly TreePerson[]): Forest {
  const ids = new Set(people.map((p) => p.id));
  const children = new Map<number, number[]>();
  const parent = new Map<number, number | null>();
  const roots: number[] = [];
  for (const p of people) {
    const managerId = p.managerId !== null && p.managerId !== p.id && ids.has(p.managerId) ? p.managerId : null;
    parent.set(p.id, managerId);
    if (managerId === null) roots.push(p.id);
    else {
      const list = children.get(managerId);
      if (list) list.push(p.id);
      else children.set(managerId, [p.id]);
    }
  }
  const depth = new Map<number, number>();
  const walk = (start: number) => {
    const stack: Array<[number, number]> = [[start, 0]];
    while (stack.length) {
      const [id, d] = stack.pop() as [number, number];
      depth.set(id, d);
      const kids = children.get(id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], d + 1]);
    }
  };
  roots.forEach(walk);
  for (const p of people) {
    if (depth.has(p.id)) continue;
    // Unreached: part of a loop. Cut the loop above this person and hang the rest below them.
    const former = parent.get(p.id);
    if (former != null) children.set(former, (children.get(former) ?? []).filter((c) => c !== p.id));
    parent.set(p.id, null);
    roots.push(p.id);
    walk(p.id);
  }
  return { roots, children, parent, depth };
}

export interface PlacedNode {
  id: number;
  x: number;
  y: number;
  depth: number;
  /** reports, shown or collapsed */
  reportCount: number;
  collapsed: boolean;
}

export interface Edge {
  from: number;
  to: number;
  /** polyline in chart coordinates */
  points: Array<[number, number]>;
}

export interface TreeLayout {
  nodes: Map<number, PlacedNode>;
  /** nodes in display order (roots first, depth-first), the order keyboard search walks */
  order: number[];
  edges: Edge[];
  width: number;
  height: number;
}

interface Box {
  width: number;
  height: number;
  stacked: boolean;
  /** where the person's own card starts inside the box */
  anchor: number;
}

/** Positions for every shown person; reports of a collapsed manager are left out. */
export function layoutTree(forest: Forest, collapsed: ReadonlySet<number>, card: CardSize = CARD): TreeLayout {
  const shownKids = (id: number) => (collapsed.has(id) ? [] : forest.children.get(id) ?? []);
  const boxes = new Map<number, Box>();

  // Post-order without recursion: a chain of 2,000 managers must not overflow the stack.
  const postOrder: number[] = [];
  const stack = [...forest.roots].reverse();
  while (stack.length) {
    const id = stack.pop() as number;
    postOrder.push(id);
    for (const kid of shownKids(id)) stack.push(kid);
  }
  for (let i = postOrder.length - 1; i >= 0; i--) {
    const id = postOrder[i];
    const kids = shownKids(id);
    if (kids.length === 0) {
      boxes.set(id, { width: card.width, height: card.height, stacked: false, anchor: 0 });
    } else if (kids.every((k) => shownKids(k).length === 0)) {
      const cols = Math.ceil(kids.length / card.stackRows);
      const rows = Math.min(kids.length, card.stackRows);
      boxes.set(id, {
        width: Math.max(card.width, cols * card.width + (cols - 1) * card.hGap + card.hGap),
        height: card.height + card.vGap + rows * card.height + (rows - 1) * card.stackGap,
        stacked: true,
        anchor: card.hGap,
      });
    } else {
      let cursor = 0;
      let firstCard = 0;
      let lastCard = 0;
      kids.forEach((k, index) => {
        const kidBox = boxes.get(k) as Box;
        if (index === 0) firstCard = cursor + kidBox.anchor;
        lastCard = cursor + kidBox.anchor;
        cursor += kidBox.width + card.hGap;
      });
      const tallest = Math.max(...kids.map((k) => (boxes.get(k) as Box).height));
      // tidy: a manager sits centred over their first and last report's cards
      boxes.set(id, { width: cursor - card.hGap, height: card.height + card.vGap + tallest, stacked: false, anchor: (firstCard + lastCard) / 2 });
    }
  }

  const nodes = new Map<number, PlacedNode>();
  const order: number[] = [];
  const edges: Edge[] = [];
  const place = (root: number, rootLeft: number) => {
    const queue: Array<[number, number, number]> = [[root, rootLeft, 0]];
    while (queue.length) {
      const [id, left, top] = queue.pop() as [number, number, number];
      const box = boxes.get(id) as Box;
      const kids = shownKids(id);
      const x = left + box.anchor;
      nodes.set(id, {
        id, x, y: top, depth: forest.depth.get(id) ?? 0,
        reportCount: forest.children.get(id)?.length ?? 0, collapsed: collapsed.has(id) && (forest.children.get(id)?.length ?? 0) > 0,
      });
      order.push(id);
      const bottom: [number, number] = [x + card.width / 2, top + card.height];
      const childTop = top + card.height + card.vGap;
      if (box.stacked) {
        // Columns of reports under the manager, joined by a spine on their left.
        const pending: Array<[number, number, number]> = [];
        kids.forEach((kid, i) => {
          const col = Math.floor(i / card.stackRows);
          const row = i % card.stackRows;
          const kx = left + card.hGap + col * (card.width + card.hGap);
          const ky = childTop + row * (card.height + card.stackGap);
          const spineX = kx - card.hGap / 2;
          edges.push({ from: id, to: kid, points: [bottom, [bottom[0], top + card.height + card.vGap / 2], [spineX, top + card.height + card.vGap / 2], [spineX, ky + card.height / 2], [kx, ky + card.height / 2]] });
          pending.push([kid, kx, ky]);
        });
        for (let i = pending.length - 1; i >= 0; i--) queue.push(pending[i]);
      } else {
        let cursor = left;
        const pending: Array<[number, number, number]> = [];
        for (const kid of kids) {
          const kidBox = boxes.get(kid) as Box;
          const kidX = cursor + kidBox.anchor;
          const midY = top + card.height + card.vGap / 2;
          edges.push({ from: id, to: kid, points: [bottom, [bottom[0], midY], [kidX + card.width / 2, midY], [kidX + card.width / 2, childTop]] });
          pending.push([kid, cursor, childTop]);
          cursor += kidBox.width + card.hGap;
        }
        // Reversed so the first report is placed (and listed in `order`) first.
        for (let i = pending.length - 1; i >= 0; i--) queue.push(pending[i]);
      }
    }
  };
  let left = 0;
  let height = 0;
  for (const root of forest.roots) {
    place(root, left);
    const box = boxes.get(root) as Box;
    left += box.width + card.hGap * 2;
    height = Math.max(height, box.height);
  }
  return { nodes, order, edges, width: Math.max(0, left - card.hGap * 2), height };
}

export interface Viewport {
  /** the visible rectangle in chart coordinates */
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Culling: the people whose card touches the viewport (plus its margin); the rest are not rendered. */
export function nodesInView(layout: TreeLayout, view: Viewport, card: CardSize = CARD): PlacedNode[] {
  const shown: PlacedNode[] = [];
  for (const node of layout.nodes.values()) {
    if (node.x + card.width >= view.left && node.x <= view.right && node.y + card.height >= view.top && node.y <= view.bottom) shown.push(node);
  }
  return shown;
}

export function edgesInView(layout: TreeLayout, view: Viewport): Edge[] {
  return layout.edges.filter((edge) => {
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const [x, y] of edge.points) {
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    return maxX >= view.left && minX <= view.right && maxY >= view.top && minY <= view.bottom;
  });
}

export type TreeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/**
 * Keyboard moves between shown people: up to the manager, down to the first shown report, left
 * and right to the previous and next sibling (roots are siblings of each other).
 */
export function neighbour(forest: Forest, collapsed: ReadonlySet<number>, id: number, key: TreeKey): number | null {
  const parent = forest.parent.get(id) ?? null;
  if (key === 'ArrowUp') return parent;
  if (key === 'ArrowDown') return collapsed.has(id) ? null : forest.children.get(id)?.[0] ?? null;
  const siblings = parent === null ? forest.roots : forest.children.get(parent) ?? [];
  const at = siblings.indexOf(id);
  const next = siblings[at + (key === 'ArrowRight' ? 1 : -1)];
  return next === undefined ? null : next;
}

/** The managers above `id`, nearest first: what must be expanded to show them. */
export function ancestors(forest: Forest, id: number): number[] {
  const found: number[] = [];
  for (let p = forest.parent.get(id) ?? null; p !== null && !found.includes(p); p = forest.parent.get(p) ?? null) found.push(p);
  return found;
}
