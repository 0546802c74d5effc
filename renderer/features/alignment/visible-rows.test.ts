import { describe, expect, it } from 'vitest';
import type { AlignmentNode } from '../../../shared/api/alignment';
import { objectiveIdsOf, rowWindow, treeKeyMove, visibleRows, type LoadedLevel } from './visible-rows';

const objective = (id: number, childCount = 0): AlignmentNode => ({
  kind: 'objective', id, title: `Objective ${id}`, level: 'company', status: 'in progress', progress: 10, rollupMode: 'children',
  deadline: '2030-01-01', owner: { id: 1, name: 'Owner' }, team: null, childCount, link: null,
});
const level = (items: AlignmentNode[], over: Partial<LoadedLevel> = {}): LoadedLevel => ({ items, total: items.length, loading: false, error: null, ...over });

describe('the alignment tree as rows', () => {
  const levels = new Map<number | null, LoadedLevel>([
    [null, level([objective(1, 2), objective(2, 1)])],
    [1, level([objective(11), { kind: 'private', label: 'a private objective', link: { id: 7, weight: 1 } }], { total: 5 })],
  ]);
  const get = (id: number | null) => levels.get(id);

  it('shows the top level folded', () => {
    const rows = visibleRows(get, new Set());
    expect(rows.map((r) => r.key)).toEqual(['o1', 'o2']);
    expect(rows[0]).toMatchObject({ depth: 1, posInSet: 1, setSize: 2, expandable: true, expanded: false });
  });

  it('an unfolded objective lists what supports it, a more row when pages are left', () => {
    const rows = visibleRows(get, new Set(['o1']));
    expect(rows.map((r) => `${r.key}:${r.kind}`)).toEqual(['o1:node', 'o1/o11:node', 'o1/p7:node', 'o1/~more:more', 'o2:node']);
    expect(rows[1]).toMatchObject({ depth: 2, parentKey: 'o1', parentId: 1, setSize: 3 });
    expect(rows[3]).toMatchObject({ shown: 2, total: 5 });
  });

  it('a level not loaded yet is a loading row', () => {
    const rows = visibleRows(get, new Set(['o2']));
    expect(rows.map((r) => `${r.key}:${r.kind}`)).toEqual(['o1:node', 'o2:node', 'o2/~loading:loading']);
  });

  it('the keys move as the WAI-ARIA tree pattern says', () => {
    const rows = visibleRows(get, new Set(['o1']));
    expect(treeKeyMove(rows, 0, 'ArrowDown')).toEqual({ type: 'focus', index: 1 });
    expect(treeKeyMove(rows, 0, 'ArrowRight')).toEqual({ type: 'focus', index: 1 });
    expect(treeKeyMove(rows, 0, 'ArrowLeft')).toEqual({ type: 'collapse', key: 'o1' });
    expect(treeKeyMove(rows, 2, 'ArrowLeft')).toEqual({ type: 'focus', index: 0 });
    expect(treeKeyMove(rows, 4, 'ArrowRight')).toEqual({ type: 'expand', key: 'o2' });
    expect(treeKeyMove(rows, 4, 'Home')).toEqual({ type: 'focus', index: 0 });
    expect(treeKeyMove(rows, 0, 'End')).toEqual({ type: 'focus', index: 4 });
    expect(treeKeyMove(rows, 0, 'ArrowUp')).toEqual({ type: 'none' });
  });

  it('a path key names the objectives it passes', () => {
    expect(objectiveIdsOf('o12/o34/k5')).toEqual([12, 34]);
  });

  it('renders only the rows near the screen', () => {
    expect(rowWindow(0, 400, 50, 250_000)).toEqual({ first: 0, last: 16 });
    expect(rowWindow(50 * 1000, 400, 50, 250_000)).toEqual({ first: 992, last: 1016 });
    expect(rowWindow(0, 400, 50, 3)).toEqual({ first: 0, last: 2 });
  });
});
