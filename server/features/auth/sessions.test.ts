import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './sessions';

describe('session tokens', () => {
  it('are 32 random bytes, url-safe, never repeated', () => {
    const a = newToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(newToken()).not.toBe(a);
  });

  it('are stored as a sha256 hex digest', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
