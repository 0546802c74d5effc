import { describe, expect, it } from 'vitest';
import {
  CLOSING_SCORE, isCompletedObjective, keyResultProgress, keyResultsProgress, objectiveProgress, openKeyResultCount, progressSource,
  rolledUpProgress, type ProgressInput,
} from './objective-progress';

const open = (latestPercent: number | null): ProgressInput => ({ status: 'in progress', percentage: null, latestPercent });
const done = (percentage: number | null, latestPercent: number | null = null): ProgressInput => ({ status: 'completed', percentage, latestPercent });

describe('a key result', () => {
  it('counts its latest check-in while open, 0 without one', () => {
    expect(keyResultProgress(open(40))).toBe(40);
    expect(keyResultProgress(open(null))).toBe(0);
  });
  it('counts its completion score once completed, 100 when the score is missing (spec §3)', () => {
    expect(keyResultProgress(done(70, 20))).toBe(70);
    expect(keyResultProgress(done(null))).toBe(100);
  });
});

describe('the key results of an objective', () => {
  it('are averaged to a whole percent', () => {
    expect(keyResultsProgress([open(40), open(60), open(null)])).toBe(33);
    expect(keyResultsProgress([done(70, 20), done(null)])).toBe(85);
  });
  it('leave deleted ones out, and are 0 with none', () => {
    expect(keyResultsProgress([{ status: 'deleted', percentage: null, latestPercent: 100 }, open(50)])).toBe(50);
    expect(keyResultsProgress([])).toBe(0);
  });
});

describe('an objective', () => {
  it('in progress reads its key results', () => {
    expect(objectiveProgress({ status: 'in progress', keyResults: [open(30), done(50)] })).toBe(40);
    expect(objectiveProgress({ status: 'waiting for approval', nextStatus: 'completed', keyResults: [open(30)] })).toBe(30);
    expect(progressSource({ status: 'in progress' })).toBe('key_results');
  });
  it('rolling up from what supports it reads the stored roll-up, 0 before one is stored', () => {
    expect(objectiveProgress({ status: 'in progress', rollupMode: 'children', rolledUpProgress: 80, keyResults: [open(10)] })).toBe(80);
    expect(objectiveProgress({ status: 'in progress', rollupMode: 'children', rolledUpProgress: null, keyResults: [] })).toBe(0);
    expect(progressSource({ status: 'in progress', rollupMode: 'children' })).toBe('children');
  });
  it('completed is 100 whatever its key results or roll-up say', () => {
    expect(objectiveProgress({ status: 'completed', keyResults: [open(0)] })).toBe(100);
    expect(objectiveProgress({ status: 'completed', keyResults: [] })).toBe(100);
    expect(objectiveProgress({ status: 'completed', rollupMode: 'children', rolledUpProgress: 20, keyResults: [] })).toBe(100);
    expect(progressSource({ status: 'completed', rollupMode: 'children' })).toBe('completed');
  });
  it('archived after completion keeps its 100; archived otherwise and restored ones read their key results', () => {
    expect(isCompletedObjective({ status: 'archived', nextStatus: 'completed' })).toBe(true);
    expect(objectiveProgress({ status: 'archived', nextStatus: 'completed', keyResults: [open(10)] })).toBe(100);
    expect(objectiveProgress({ status: 'archived', nextStatus: 'in progress', keyResults: [open(10)] })).toBe(10);
    // spec §4: the details page's Restore leaves in progress with nextStatus completed: not done
    expect(objectiveProgress({ status: 'in progress', nextStatus: 'completed', keyResults: [open(10)] })).toBe(10);
    // a member's request is not the decision
    expect(isCompletedObjective({ status: 'waiting for approval', nextStatus: 'completed' })).toBe(false);
  });
});

describe('a roll-up', () => {
  it('is the mean of the children, weighted, whole percent, 0 with none', () => {
    expect(rolledUpProgress([])).toBe(0);
    expect(rolledUpProgress([{ progress: 40, weight: 1 }, { progress: 100, weight: 1 }])).toBe(70);
    expect(rolledUpProgress([{ progress: 40, weight: 3 }, { progress: 100, weight: 1 }])).toBe(55);
    expect(rolledUpProgress([{ progress: 33, weight: 1 }, { progress: 34, weight: 2 }])).toBe(34);
  });
  it('counts a completed child as 100, as the child itself shows', () => {
    const child = objectiveProgress({ status: 'completed', keyResults: [open(20)] });
    expect(rolledUpProgress([{ progress: child, weight: 1 }, { progress: 50, weight: 1 }])).toBe(75);
  });
});

describe('completing with open key results', () => {
  it('counts the key results still in progress', () => {
    expect(openKeyResultCount([{ status: 'in progress' }, { status: 'completed' }, { status: 'in progress' }])).toBe(2);
    expect(openKeyResultCount([{ status: 'completed' }])).toBe(0);
  });
  it('closes them with the default completion score', () => {
    expect(CLOSING_SCORE).toBe(100);
  });
});
