import { describe, expect, it } from 'vitest';
import { tenureText } from './tenure-text';

const now = new Date('2026-11-23T10:00:00Z');

describe('tenure text', () => {
  it('says This month for someone who joined this month', () => {
    expect(tenureText('2026-11-02', now)).toBe('This month');
  });
  it('counts whole months under a year, singular and plural', () => {
    expect(tenureText('2026-10-01', now)).toBe('1 month');
    expect(tenureText('2026-01-23', now)).toBe('10 months');
  });
  it('does not count a month that is not complete yet', () => {
    expect(tenureText('2026-10-24', now)).toBe('This month');
  });
  it('says years and months from one year on', () => {
    expect(tenureText('2024-10-23', now)).toBe('2 years & 1 month');
    expect(tenureText('2023-08-01', now)).toBe('3 years & 3 months');
  });
  it('leaves out months that are zero', () => {
    expect(tenureText('2025-11-23', now)).toBe('1 year');
    expect(tenureText('2023-11-01', now)).toBe('3 years');
  });
  it('says Forever past ten years', () => {
    expect(tenureText('2016-11-23', now)).toBe('10 years');
    expect(tenureText('2015-01-01', now)).toBe('Forever');
  });
  it('shows nothing for a missing or broken date', () => {
    expect(tenureText(null, now)).toBe('');
    expect(tenureText('not a date', now)).toBe('');
  });
});
