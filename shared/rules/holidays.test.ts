import { describe, expect, it } from 'vitest';
import { daysLeftText, keepForTeams, matchesTitle } from './holidays';

describe('days-left text', () => {
  it('shows the count', () => {
    expect(daysLeftText(12)).toBe('12 days left');
    expect(daysLeftText(0)).toBe('0 days left');
  });
  it('reads No information yet below zero or when missing', () => {
    expect(daysLeftText(-1)).toBe('No information yet');
    expect(daysLeftText(null)).toBe('No information yet');
    expect(daysLeftText(undefined)).toBe('No information yet');
  });
});

describe('team filter', () => {
  const events = [
    { title: 'Ana - Vacation Day', type: 'De odihna', team: [1, 2] },
    { title: 'Dan - Medical', type: 'Medical', team: [3] },
    { title: 'Nobody - Birthday', type: 'Birthday', team: [] },
    { title: 'Ziua națională', type: 'national_holiday', team: [] },
  ];
  it('keeps every event when no team is selected', () => {
    expect(keepForTeams(events, [])).toHaveLength(4);
  });
  it('keeps events whose team list intersects the selected teams, and national holidays', () => {
    expect(keepForTeams(events, [2]).map((e) => e.title)).toEqual(['Ana - Vacation Day', 'Ziua națională']);
    expect(keepForTeams(events, [3, 9]).map((e) => e.title)).toEqual(['Dan - Medical', 'Ziua națională']);
  });
});

describe('title search', () => {
  it('matches case-insensitively anywhere in the title; blank matches all', () => {
    expect(matchesTitle('Ana Pop - Vacation Day', 'vacation')).toBe(true);
    expect(matchesTitle('Ana Pop - Vacation Day', 'medical')).toBe(false);
    expect(matchesTitle('Anything', '  ')).toBe(true);
  });
});
