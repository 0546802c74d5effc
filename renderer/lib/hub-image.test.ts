import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { hubImagePath, objectUrlOf, revokeEvictedImages, webImageUrl } from './hub-image';

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

describe('desktop pictures', () => {
  it('keeps one blob: URL per cached picture and revokes it when the cache replaces or drops the bytes', () => {
    const client = new QueryClient();
    const stop = revokeEvictedImages(client.getQueryCache());
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    try {
      const key = ['hub-image', '/user/1/image'];
      const first = new Blob(['one'], { type: 'image/png' });
      client.setQueryData(key, first);
      const firstUrl = objectUrlOf(first);
      expect(firstUrl).toMatch(/^blob:/);
      expect(objectUrlOf(first)).toBe(firstUrl);

      client.setQueryData(key, first);
      client.setQueryData(['user', 1], { name: 'Ada' });
      client.removeQueries({ queryKey: ['user'] });
      expect(revoked).not.toHaveBeenCalled();

      // a new upload: new bytes under the same path
      const second = new Blob(['two'], { type: 'image/png' });
      client.setQueryData(key, second);
      expect(revoked.mock.calls).toEqual([[firstUrl]]);
      const secondUrl = objectUrlOf(second);
      expect(secondUrl).not.toBe(firstUrl);

      client.removeQueries({ queryKey: key });
      expect(revoked.mock.calls).toEqual([[firstUrl], [secondUrl]]);
    } finally {
      stop();
      revoked.mockRestore();
    }
  });
});
