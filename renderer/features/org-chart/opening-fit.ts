import { FRAME, ZOOM } from './chart-view';
import { CARD, layoutTree, type CardSize, type Forest, type TreeLayout } from './tree-layout';

// How the org chart opens: fitted to its frame at a zoom where text is readable (ZOOM.text), never
// clipped at the sides. As many levels as fit are shown, the deeper teams folded; the reports stacked
// under a manager take as many rows as the frame's height allows. When not even the top people with
// their reports fit, the page opens the list instead (a narrow window: 480 px, 320 px).

export interface OpeningFit {
  /** the managers whose reports start folded */
  collapsed: ReadonlySet<number>;
  /** the card sizes and gaps, with the stacks' rows */
  card: CardSize;
  layout: TreeLayout;
}

/** Rows a stack of reports may take, most first: taller stacks keep the chart narrow. */
const STACK_ROWS = [CARD.stackRows, 5, 4, 3, 2];

/** The managers at `depth` or deeper: folded, the chart shows the levels above them and them. */
export function foldedFrom(forest: Forest, depth: number): Set<number> {
  const folded = new Set<number>();
  for (const [id, kids] of forest.children) if (kids.length > 0 && (forest.depth.get(id) ?? 0) >= depth) folded.add(id);
  return folded;
}

const fits = (layout: TreeLayout, width: number, height: number) =>
  layout.width * ZOOM.text <= width - FRAME.padding * 2 && layout.height * ZOOM.text <= height - FRAME.padding * 2;

/**
 * The most levels (at least the top people and their reports) that fit a width × height frame,
 * with the tallest stacks that let them; null when nothing does.
 */
export function openingFit(forest: Forest, width: number, height: number): OpeningFit | null {
  if (forest.roots.length === 0) return null;
  let deepest = 0;
  for (const d of forest.depth.values()) deepest = Math.max(deepest, d);
  for (let depth = deepest; depth >= 1; depth -= 1) {
    const collapsed = foldedFrom(forest, depth);
    for (const stackRows of STACK_ROWS) {
      const card = { ...CARD, stackRows };
      const layout = layoutTree(forest, collapsed, card);
      if (fits(layout, width, height)) return { collapsed, card, layout };
    }
  }
  return null;
}
