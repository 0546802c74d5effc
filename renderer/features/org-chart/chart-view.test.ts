import { describe, expect, it } from 'vitest';
import { centreOn, cullWindow, firstView, fitView, isOnScreen, viewport, zoomAt, ZOOM } from './chart-view';
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
  function row(reports: number): Pick<TreeLayout, 'nodes' | 'order' | 'edges'> {
    const step = CARD.width + CARD.hGap;
    const place = (id: number, x: number, y: number, depth: number): PlacedNode => ({ id, x, y, depth, reportCount: 0, collapsed: false });
    const nodes = new Map<number, PlacedNode>([[1, place(1, ((reports - 1) * step) / 2, 0, 0)]]);
    for (let i = 0; i < reports; i += 1) nodes.set(i + 2, place(i + 2, i * step, CARD.height + CARD.vGap, 1));
    const edges = [...nodes.keys()].filter((id) => id !== 1).map((to) => ({ from: 1, to, points: [] }));
    return { nodes, order: [...nodes.keys()], edges };
  }
  const onScreen = (view: { x: number; k: number }, x: number, width: number) => x * view.k + view.x >= 0 && (x + CARD.width) * view.k + view.x <= width;

  it('first view: a row that fits at the usual zoom is centred under the top', () => {
    const view = firstView(row(3), 1300);
    expect(view?.k).toBe(ZOOM.first);
    const span = (3 * CARD.width + 2 * CARD.hGap) * ZOOM.first;
    expect(view?.x).toBeCloseTo((1300 - span) / 2, 5);
    expect(view?.y).toBe(24);
  });

  it('first view: a wider row zooms out as far as names stay legible, and fits if it can', () => {
    const view = firstView(row(6), 1300);
    expect(view?.k).toBeGreaterThanOrEqual(ZOOM.legible);
    expect(view?.k).toBeLessThan(ZOOM.first);
    const layout = row(6);
    for (const node of layout.nodes.values()) expect(view && onScreen(view, node.x, 1300)).toBe(true);
  });

  it("first view: a row wider still starts at the chart's left edge, the top person on screen", () => {
    const layout = row(9);
    const view = firstView(layout, 1300);
    expect(view).toEqual({ k: ZOOM.legible, x: 24, y: 24 });
    expect(view && onScreen(view, layout.nodes.get(1)?.x ?? 0, 1300)).toBe(true);
  });

  it('first view: when the start would leave the top person off screen, the top person is centred', () => {
    const layout = row(40);
    const view = firstView(layout, 1300);
    const top = layout.nodes.get(1)?.x ?? 0;
    expect(view && top * view.k + view.x + (CARD.width * view.k) / 2).toBeCloseTo(650, 5);
    expect(firstView({ nodes: new Map(), order: [], edges: [] }, 1300)).toBeNull();
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
