import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says just now under a minute', () => {
    expect(relativeTime(ago(5), now)).toBe('just now');
  });
  it('counts minutes, hours and days back', () => {
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 24 * 3600), now)).toBe('3 days ago');
  });
  it('weeks, months and years for old ones', () => {
    expect(relativeTime(ago(14 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(relativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
  });
});
