import { describe, expect, it } from 'vitest';
import { lengthText, nearLimit, TEXT_LIMITS } from './text-limits';

describe('text limits', () => {
  it('a title nears its limit at 160 of 200 characters', () => {
    expect(nearLimit(159, TEXT_LIMITS.title)).toBe(false);
    expect(nearLimit(160, TEXT_LIMITS.title)).toBe(true);
    expect(nearLimit(200, TEXT_LIMITS.title)).toBe(true);
  });

  it('counts as the person sees it', () => {
    expect(lengthText(180, TEXT_LIMITS.title)).toBe('180/200 characters');
  });
});
