import { describe, expect, it } from 'vitest';
import { CARD_SMALLEST_TEXT_PX, centreOn, cullWindow, firstView, fitView, FRAME, frameHeight, isOnScreen, MIN_TEXT_PX, viewport, zoomAt, ZOOM } from './chart-view';
import { CARD, type PlacedNode, type TreeLayout } from './tree-layout';

describe('chart view', () => {
  it('zooms around the pointer: the point under it stays put', () => {
    const view = zoomAt({ x: 10, y: 20, k: 1 }, 2, 110, 220);
    expect(view).toEqual({ k: 2, x: -90, y: -180 });
    expect((110 - view.x) / view.k).toBe(100);
  });

  it('keeps the zoom within its limits', () => {
    expect(zoomAt({ x: 0, y: 0, k: 1 }, 100, 0, 0).k).toBe(ZOOM.max);
    expect(zoomAt({ x: 0, y: 0, k: 0.1 }, 0.01, 0, 0).k).toBe(ZOOM.min);
  });

  it('centres a card on the screen', () => {
    const view = centreOn({ x: 0, y: 0, k: 0.5 }, 1000, 400, 800, 600);
    expect(1000 * view.k + view.x + (CARD.width * view.k) / 2).toBe(400);
    expect(400 * view.k + view.y + (CARD.height * view.k) / 2).toBe(300);
    expect(isOnScreen(view, 1000, 400, 800, 600)).toBe(true);
    expect(isOnScreen(view, 3000, 400, 800, 600)).toBe(false);
  });

  it('fits a wide chart to the screen, never above 1:1', () => {
    expect(fitView({ width: 10_000, height: 1000 }, 1048, 800).k).toBeCloseTo(0.1, 5);
    expect(fitView({ width: 100, height: 100 }, 1000, 800).k).toBe(1);
  });

  // A top person over a row of `reports` cards, as layoutTree places them (gaps between, centred above).
  function row(reports: number): Pick<TreeLayout, 'nodes' | 'order' | 'edges' | 'width' | 'height'> {
    const step = CARD.width + CARD.hGap;
    const place = (id: number, x: number, y: number, depth: number): PlacedNode => ({ id, x, y, depth, reportCount: 0, collapsed: false });
    const nodes = new Map<number, PlacedNode>([[1, place(1, ((reports - 1) * step) / 2, 0, 0)]]);
    for (let i = 0; i < reports; i += 1) nodes.set(i + 2, place(i + 2, i * step, CARD.height + CARD.vGap, 1));
    const edges = [...nodes.keys()].filter((id) => id !== 1).map((to) => ({ from: 1, to, points: [] }));
    // as if a deeper level hung below: the whole chart too tall for the screen
    return { nodes, order: [...nodes.keys()], edges, width: reports * step - CARD.hGap, height: 2000 };
  }
  const onScreen = (view: { x: number; k: number }, x: number, width: number) => x * view.k + view.x >= 0 && (x + CARD.width) * view.k + view.x <= width;

  it('first view: text is readable, 12 px at the least', () => {
    expect(ZOOM.text * CARD_SMALLEST_TEXT_PX).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    for (const reports of [3, 9, 40]) expect(firstView(row(reports), 1300, 600)?.k).toBe(ZOOM.text);
  });

  it('first view: a chart that fits is centred, whole, from the top', () => {
    const small = { ...row(3), height: 300 };
    const view = firstView(small, 1300, 600);
    expect(view).toEqual({ k: ZOOM.text, x: (1300 - small.width * ZOOM.text) / 2, y: FRAME.padding });
    for (const node of small.nodes.values()) expect(view && onScreen(view, node.x, 1300)).toBe(true);
  });

  it('first view: a taller chart whose top row fits has that row centred under the top', () => {
    const view = firstView(row(3), 1300, 600);
    const span = (3 * CARD.width + 2 * CARD.hGap) * ZOOM.text;
    expect(view?.x).toBeCloseTo((1300 - span) / 2, 5);
    expect(view?.y).toBe(FRAME.padding);
  });

  it("first view: a row wider than the screen starts at the chart's left edge, the top person on screen", () => {
    const layout = row(7);
    const view = firstView(layout, 1300, 600);
    expect(view).toEqual({ k: ZOOM.text, x: FRAME.padding, y: FRAME.padding });
    expect(view && onScreen(view, layout.nodes.get(1)?.x ?? 0, 1300)).toBe(true);
  });

  it('first view: when the start would leave the top person off screen, the top person is centred', () => {
    const layout = row(40);
    const view = firstView(layout, 1300, 600);
    const top = layout.nodes.get(1)?.x ?? 0;
    expect(view && top * view.k + view.x + (CARD.width * view.k) / 2).toBeCloseTo(650, 5);
    expect(firstView({ nodes: new Map(), order: [], edges: [], width: 0, height: 0 }, 1300, 600)).toBeNull();
  });

  it('the frame is the window less the page around it, never too low to use', () => {
    expect(frameHeight(820)).toBe(820 - FRAME.chrome);
    expect(frameHeight(500)).toBe(FRAME.minHeight);
  });

  it('turns the screen into a chart rectangle with a margin', () => {
    expect(viewport({ x: -100, y: 0, k: 2 }, 800, 600, 0)).toEqual({ left: 50, top: -0, right: 450, bottom: 300 });
  });

  it('keeps the culling window while a pan stays within its cells, and covers the viewport', () => {
    const a = cullWindow({ x: -10, y: -10, k: 1 }, 800, 600);
    const b = cullWindow({ x: -30, y: -20, k: 1 }, 800, 600);
    expect(b).toEqual(a);
    const exact = viewport({ x: -30, y: -20, k: 1 }, 800, 600);
    expect(b.left).toBeLessThanOrEqual(exact.left);
    expect(b.right).toBeGreaterThanOrEqual(exact.right);
    expect(cullWindow({ x: -900, y: -10, k: 1 }, 800, 600)).not.toEqual(a);
  });
});
