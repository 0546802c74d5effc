import { describe, expect, it } from 'vitest';
import { indentOf, listKeyMove } from './org-list';
import { buildForest, layoutTree, type TreePerson } from './tree-layout';

// owner(1) ← manager(2) ← lead(3) ← members 4, 5;  owner ← hr(6)
const people: TreePerson[] = [{ id: 1, managerId: null }, { id: 2, managerId: 1 }, { id: 3, managerId: 2 }, { id: 4, managerId: 3 }, { id: 5, managerId: 3 }, { id: 6, managerId: 1 }];
const forest = buildForest(people);

describe('the org list by keyboard', () => {
  const open = layoutTree(forest, new Set());

  it('goes down and up the people as listed, to the first and the last', () => {
    expect(open.order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(listKeyMove(forest, open, 5, 'ArrowDown')).toEqual({ type: 'focus', id: 6 });
    expect(listKeyMove(forest, open, 4, 'ArrowUp')).toEqual({ type: 'focus', id: 3 });
    expect(listKeyMove(forest, open, 6, 'ArrowDown')).toEqual({ type: 'none' });
    expect(listKeyMove(forest, open, 4, 'Home')).toEqual({ type: 'focus', id: 1 });
    expect(listKeyMove(forest, open, 1, 'End')).toEqual({ type: 'focus', id: 6 });
  });

  it('Left folds an open team, then goes up to the manager; Right unfolds, then goes to the first report', () => {
    expect(listKeyMove(forest, open, 3, 'ArrowLeft')).toEqual({ type: 'toggle', id: 3 });
    expect(listKeyMove(forest, open, 4, 'ArrowLeft')).toEqual({ type: 'focus', id: 3 });
    expect(listKeyMove(forest, layoutTree(forest, new Set([1])), 1, 'ArrowLeft')).toEqual({ type: 'none' });
    const folded = layoutTree(forest, new Set([3]));
    expect(folded.order).toEqual([1, 2, 3, 6]);
    expect(listKeyMove(forest, folded, 3, 'ArrowRight')).toEqual({ type: 'toggle', id: 3 });
    expect(listKeyMove(forest, folded, 3, 'ArrowLeft')).toEqual({ type: 'focus', id: 2 });
    expect(listKeyMove(forest, open, 3, 'ArrowRight')).toEqual({ type: 'focus', id: 4 });
    expect(listKeyMove(forest, open, 6, 'ArrowRight')).toEqual({ type: 'none' });
  });

  it('indents a level at a time, no deeper than five', () => {
    expect([0, 1, 5, 9].map((d) => indentOf(d))).toEqual([0, 20, 100, 100]);
  });
});
