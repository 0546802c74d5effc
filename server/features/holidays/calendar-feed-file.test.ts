import { describe, expect, it } from 'vitest';
import { AddressMisses } from './address-misses';
import { dayAfter, feedWindow, matchesEtag } from './calendar-feed-file';
import { parseFeedKey, webcalUrl } from '../../../shared/rules/calendar-feeds';

// The small rules under the calendar feeds.

describe('all-day dates', () => {
  it('DTEND is the day after the last day, across months, leap days and years', () => {
    expect(dayAfter('2026-04-30')).toBe('2026-05-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
  });

  it('a feed covers last year to next year, whatever the hour', () => {
    expect(feedWindow(new Date('2026-12-31T23:59:59Z'))).toEqual({ from: '2025-01-01', to: '2027-12-31', years: [2025, 2026, 2027] });
  });
});

describe('If-None-Match', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true], ['W/"abc"', true], ['"x", "abc"', true], ['*', true],
    ['"abd"', false], ['abc', false], [undefined, false],
  ])('%s matches: %s', (header, expected) => expect(matchesEtag(header, etag)).toBe(expected));
});

describe('feed names', () => {
  it.each([
    ['own', { kind: 'own', teamId: null }], ['public', { kind: 'public', teamId: null }],
    ['objectives', { kind: 'objectives', teamId: null }], ['team-12', { kind: 'team', teamId: 12 }],
    ['team-0', null], ['team-', null], ['everyone', null], ['own ', null],
  ])('%s', (key, expected) => expect(parseFeedKey(key)).toEqual(expected));

  it('the webcal address is the https one with its scheme swapped', () => {
    expect(webcalUrl('https://hub.example/api/calendar/x.ics')).toBe('webcal://hub.example/api/calendar/x.ics');
  });
});

describe('unknown addresses per client', () => {
  it('blocks after the limit for the rest of the window, and forgives after it', () => {
    let now = 0;
    const misses = new AddressMisses(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(misses.blockedForMs('a')).toBe(0);
      misses.count('a');
      now += 100;
    }
    expect(misses.blockedForMs('a')).toBe(700);
    expect(misses.blockedForMs('b')).toBe(0);
    now = 1000;
    expect(misses.blockedForMs('a')).toBe(0);
  });
});
