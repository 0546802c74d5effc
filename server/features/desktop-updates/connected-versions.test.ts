import { describe, expect, it } from 'vitest';
import { compareVersionsDescending } from './connected-versions';

describe('compareVersionsDescending', () => {
  it('puts the newest first, comparing numbers as numbers, a pre-release after its release', () => {
    expect(['1.9.2', '1.10.0', '0.1.0', '1.10.0-beta.1'].sort(compareVersionsDescending)).toEqual(['1.10.0', '1.10.0-beta.1', '1.9.2', '0.1.0']);
  });
});
