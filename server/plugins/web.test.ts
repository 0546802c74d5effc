import { describe, expect, it } from 'vitest';
import { isDeepLink, SECURITY_HEADERS } from './web';

describe('isDeepLink', () => {
  it('is true for screen paths and false for files and the API', () => {
    expect(isDeepLink('/profile/12')).toBe(true);
    expect(isDeepLink('/super-awesome-team?ret=%2Fplans')).toBe(true);
    expect(isDeepLink('/assets/index-abc.js')).toBe(false);
    expect(isDeepLink('/api/unknown')).toBe(false);
    expect(isDeepLink('/api')).toBe(false);
    expect(isDeepLink('/apiary')).toBe(true);
  });
});

describe('SECURITY_HEADERS', () => {
  it('allows no inline or evaluated script and no framing', () => {
    const csp = SECURITY_HEADERS['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
