import { describe, expect, it } from 'vitest';
import { cacheControl, headersFor, isDeepLink, SECURITY_HEADERS } from './web';

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

describe('cacheControl', () => {
  it('keeps hashed build files for a year, in every encoding, and revalidates the rest', () => {
    for (const file of ['assets/index-B080-4iY.js', 'assets/AppToaster-_05Gk3-E.js.br', 'assets/index-AbCdEf12.css.gz', 'assets/logo-AbCdEf12.svg']) {
      expect(cacheControl(file), file).toBe('public, max-age=31536000, immutable');
    }
    for (const file of ['index.html', 'index.html.br', 'offline-sw.js', 'offline-files.json', 'theme-boot.js', 'hub-base.js', 'assets/readme.txt', 'icon-AbCdEf12.png']) {
      expect(cacheControl(file), file).toBe('no-cache');
    }
  });
});

describe('headersFor', () => {
  it('sends the document-only headers on documents and the API, nosniff on every file', () => {
    for (const url of ['/', '/login', '/profile/12', '/offline-sw.js', '/api/health', '/index.html']) {
      expect(headersFor(url), url).toEqual(SECURITY_HEADERS);
    }
    const asset = headersFor('/assets/index-B080-4iY.js');
    expect(asset['x-content-type-options']).toBe('nosniff');
    expect(asset['content-security-policy']).toBeUndefined();
    expect(asset['x-frame-options']).toBeUndefined();
  });
});
