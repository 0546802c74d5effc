import { CARD, type TreeLayout, type Viewport } from './tree-layout';

// Pan and zoom as plain numbers: a screen point is chart point × k + (x, y).

export interface View {
  x: number;
  y: number;
  k: number;
}

/** The least size text may have where the chart opens and where a search puts a person. */
export const MIN_TEXT_PX = 12;
/** The smallest text on a card at 1:1 (job title, teams, who's out: Fluent's size 200). */
export const CARD_SMALLEST_TEXT_PX = 12;

// readable: below it cards are drawn as plain boxes; text: the zoom at which the cards' smallest
// text is MIN_TEXT_PX, the least the chart opens at (at 0.65 names were 9 px)
export const ZOOM = { min: 0.05, max: 2, step: 1.25, readable: 0.45, text: MIN_TEXT_PX / CARD_SMALLEST_TEXT_PX } as const;

/** The chart's frame: the window's height less the page's header, title and hint, never under minHeight. */
export const FRAME = { chrome: 230, minHeight: 420, padding: 24 } as const;
export const frameHeight = (windowHeight: number) => Math.max(FRAME.minHeight, windowHeight - FRAME.chrome);

export const clampZoom = (k: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, k));

/** Zooms by `factor` keeping the chart point under the screen point (px, py) where it is. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const k = clampZoom(view.k * factor);
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** The view that puts a card's centre in the middle of a width × height screen. */
export function centreOn(view: View, cardX: number, cardY: number, width: number, height: number): View {
  return { k: view.k, x: width / 2 - (cardX + CARD.width / 2) * view.k, y: height / 2 - (cardY + CARD.height / 2) * view.k };
}

/** The whole chart on screen (never larger than 1:1), top-aligned. */
export function fitView(layout: Pick<TreeLayout, 'width' | 'height'>, width: number, height: number, padding = 24): View {
  const k = clampZoom(Math.min(1, (width - padding * 2) / Math.max(1, layout.width), (height - padding * 2) / Math.max(1, layout.height)));
  return { k, x: (width - layout.width * k) / 2, y: padding };
}

/**
 * The first view, at the zoom where text is readable (ZOOM.text): the whole chart centred when it
 * fits the screen (the page folds teams so it does, opening-fit.ts). Otherwise the top person and
 * the row of their reports, `padding` from the top: centred when that row fits; wider, the chart's
 * own left edge at the screen's (no card cut there), so it reads from its start and runs on to
 * the right, unless that would leave the top person off the screen: then they are centred.
 */
export function firstView(layout: Pick<TreeLayout, 'nodes' | 'order' | 'edges' | 'width' | 'height'>, width: number, height: number, padding: number = FRAME.padding): View | null {
  const topId = layout.order[0];
  const top = topId === undefined ? undefined : layout.nodes.get(topId);
  if (!top) return null;
  const k = ZOOM.text;
  if (layout.width * k <= width - padding * 2 && layout.height * k <= height - padding * 2) return { k, x: (width - layout.width * k) / 2, y: padding };
  let left = top.x;
  let right = top.x + CARD.width;
  for (const edge of layout.edges) {
    const report = edge.from === topId ? layout.nodes.get(edge.to) : undefined;
    if (!report) continue;
    left = Math.min(left, report.x);
    right = Math.max(right, report.x + CARD.width);
  }
  const room = width - padding * 2;
  const y = padding - top.y * k;
  if ((right - left) * k <= room) return { k, x: width / 2 - ((left + right) / 2) * k, y };
  const fromLeft = padding; // chart x 0, where the layout starts
  if ((top.x + CARD.width) * k + fromLeft <= width - padding) return { k, x: fromLeft, y };
  return { k, x: width / 2 - (top.x + CARD.width / 2) * k, y };
}

/** The chart rectangle on screen, grown by `margin` screen pixels so a short pan shows no gaps. */
export function viewport(view: View, width: number, height: number, margin = 300): Viewport {
  return {
    left: (-view.x - margin) / view.k,
    top: (-view.y - margin) / view.k,
    right: (width - view.x + margin) / view.k,
    bottom: (height - view.y + margin) / view.k,
  };
}

/** Whether a card is fully on screen. */
export function isOnScreen(view: View, cardX: number, cardY: number, width: number, height: number): boolean {
  const left = cardX * view.k + view.x;
  const top = cardY * view.k + view.y;
  return left >= 0 && top >= 0 && left + CARD.width * view.k <= width && top + CARD.height * view.k <= height;
}

/**
 * The culling window: the viewport (with its margin) snapped outwards to a grid of `cell` screen
 * pixels. While a pan stays inside the same cells the window is the same, so the cards and lines
 * drawn are not recomputed; only the layer's transform moves.
 */
export function cullWindow(view: View, width: number, height: number, margin = 300, cell = 200): Viewport {
  const exact = viewport(view, width, height, margin);
  const step = cell / view.k;
  return {
    left: Math.floor(exact.left / step) * step,
    top: Math.floor(exact.top / step) * step,
    right: Math.ceil(exact.right / step) * step,
    bottom: Math.ceil(exact.bottom / step) * step,
  };
}
