import { describe, expect, it } from 'vitest';
import { isLimited, MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_USERNAME } from './login';

describe('isLimited', () => {
  it('limits at 5 failures for a username or 30 for an address', () => {
    expect(MAX_FAILURES_PER_USERNAME).toBe(5);
    expect(MAX_FAILURES_PER_ADDRESS).toBe(30);
    expect(isLimited({ byUsername: 4, byAddress: 29 })).toBe(false);
    expect(isLimited({ byUsername: 5, byAddress: 0 })).toBe(true);
    expect(isLimited({ byUsername: 0, byAddress: 30 })).toBe(true);
  });
});
