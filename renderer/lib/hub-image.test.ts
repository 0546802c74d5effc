import { describe, expect, it } from 'vitest';
import { hubImagePath, webImageUrl } from './hub-image';

describe('hub image paths', () => {
  it('keeps an https picture as is and puts hub pictures below /api on the web', () => {
    expect(hubImagePath(null)).toBeNull();
    expect(hubImagePath('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(hubImagePath('user/12/image')).toBe('/user/12/image');
    expect(webImageUrl('/user/12/image')).toBe('/api/user/12/image');
    expect(webImageUrl('/link/3/picture?v=abc')).toBe('/api/link/3/picture?v=abc');
    expect(webImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(webImageUrl(undefined)).toBeUndefined();
  });
});
