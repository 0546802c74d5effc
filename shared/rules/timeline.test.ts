import { describe, expect, it } from 'vitest';
import { barSpan, dayNumber, endDay, fitZoom, isoOfDay, priorityColor, progressOf, ticks, ZOOM_LEVELS } from './timeline';

describe('timeline rules (objective-tracking §9)', () => {
  it('adds one day to end dates', () => {
    expect(isoOfDay(endDay('2026-03-31'))).toBe('2026-04-01');
    expect(barSpan('2026-03-01', '2026-03-01')).toEqual({ from: dayNumber('2026-03-01'), to: dayNumber('2026-03-02') });
  });
  it('keeps a bar at least a day long when created after its deadline', () => {
    const span = barSpan('2026-03-10', '2026-03-01');
    expect(span.to - span.from).toBe(1);
  });
  it('gives 100 to completed rows, else 0 for objectives and 10 for key results', () => {
    expect(progressOf('objective', 'completed')).toBe(100);
    expect(progressOf('objective', 'in progress')).toBe(0);
    expect(progressOf('keyResult', 'completed')).toBe(100);
    expect(progressOf('keyResult', 'in progress')).toBe(10);
  });
  it('colours by priority, lowest to highest', () => {
    expect(['lowest', 'low', 'medium', 'high', 'highest'].map(priorityColor)).toEqual(['#CDFF90', '#5EB136', '#FCEC30', '#F28B82', '#D8363D']);
  });
  it('has seven zoom levels from day to year and fits the range to the width', () => {
    expect(ZOOM_LEVELS).toHaveLength(7);
    expect(ZOOM_LEVELS[0].name).toBe('Day');
    expect(ZOOM_LEVELS[6].name).toBe('Year');
    expect(fitZoom(10, 1000)).toBe(0);
    expect(fitZoom(365, 1000)).toBe(4);
    expect(fitZoom(100_000, 1000)).toBe(6);
  });
  it('ticks on month starts', () => {
    expect(ticks(dayNumber('2026-01-15'), dayNumber('2026-03-15'), 'month').map(isoOfDay)).toEqual(['2026-02-01', '2026-03-01']);
  });
});
