import { describe, expect, it } from 'vitest';
import { releaseOf, shellCacheName, SHELL_CACHE_PREFIX } from './service-worker';

describe('the offline shell cache of a release', () => {
  it('is named by the entry script the build hashed', () => {
    expect(releaseOf('http://hub.test/assets/index-Bv3hfWOR.js')).toBe('index-Bv3hfWOR');
    expect(releaseOf('https://hub.test/assets/index-a_b-C.js?x=1')).toBe('index-a_b-C');
    expect(shellCacheName('index-Bv3hfWOR')).toBe(`${SHELL_CACHE_PREFIX}index-Bv3hfWOR`);
  });

  it('has no release without a built entry script (the dev server serves main.tsx)', () => {
    expect(releaseOf(undefined)).toBeNull();
    expect(releaseOf('http://localhost:5173/main.tsx')).toBeNull();
    expect(releaseOf('http://hub.test/')).toBeNull();
  });
});
