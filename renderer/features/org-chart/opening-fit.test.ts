import { describe, expect, it } from 'vitest';
import { FRAME, ZOOM } from './chart-view';
import { foldedFrom, openingFit } from './opening-fit';
import { buildForest, type TreePerson } from './tree-layout';

// Like the demo company: the top person with 9 reports; two of them lead teams (7 people; and
// two leads of 6 each).
function company(): TreePerson[] {
  const people: TreePerson[] = [{ id: 1, managerId: null }];
  for (let i = 2; i <= 10; i += 1) people.push({ id: i, managerId: 1 });
  for (let i = 0; i < 7; i += 1) people.push({ id: 100 + i, managerId: 2 });
  people.push({ id: 200, managerId: 3 }, { id: 201, managerId: 3 });
  for (let i = 0; i < 6; i += 1) people.push({ id: 300 + i, managerId: 200 }, { id: 400 + i, managerId: 201 });
  return people;
}

const withinFrame = (fit: NonNullable<ReturnType<typeof openingFit>>, width: number, height: number) =>
  fit.layout.width * ZOOM.text <= width - 2 * FRAME.padding && fit.layout.height * ZOOM.text <= height - 2 * FRAME.padding;

describe('how the org chart opens', () => {
  const forest = buildForest(company());

  it('at 1366 × 820 (a 1314 × 590 frame): the top person and all their reports, their teams folded, nothing cut', () => {
    const fit = openingFit(forest, 1314, 590);
    expect(fit).not.toBeNull();
    if (!fit) return;
    expect([...fit.collapsed].sort((a, b) => a - b)).toEqual([2, 3, 200, 201]);
    expect([...fit.layout.nodes.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // six in a column would be too tall for the frame: the stacks take fewer rows
    expect(fit.card.stackRows).toBeLessThan(6);
    expect(withinFrame(fit, 1314, 590)).toBe(true);
  });

  it('with room for more, more levels: a wall screen shows everyone', () => {
    const fit = openingFit(forest, 4000, 2000);
    expect(fit?.collapsed.size).toBe(0);
    expect(fit?.layout.nodes.size).toBe(company().length);
    expect(fit && withinFrame(fit, 4000, 2000)).toBe(true);
  });

  it('folds the deeper teams first: a frame for two levels folds only the leads below them', () => {
    const fit = openingFit(forest, 3000, 1200);
    expect(fit && [...fit.collapsed].sort((a, b) => a - b)).toEqual([200, 201]);
    expect(fit && withinFrame(fit, 3000, 1200)).toBe(true);
  });

  it('does not fit at 480 or 320 px: the page opens the list', () => {
    expect(openingFit(forest, 454, 600)).toBeNull();
    expect(openingFit(forest, 294, 600)).toBeNull();
    expect(openingFit(buildForest([]), 1314, 590)).toBeNull();
  });

  it('folds the managers from a depth down', () => {
    expect([...foldedFrom(forest, 2)].sort((a, b) => a - b)).toEqual([200, 201]);
    expect(foldedFrom(forest, 0).has(1)).toBe(true);
  });
});
