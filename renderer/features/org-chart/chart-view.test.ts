import { describe, expect, it } from 'vitest';
import { centreOn, cullWindow, fitView, isOnScreen, viewport, zoomAt, ZOOM } from './chart-view';
import { CARD } from './tree-layout';

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
