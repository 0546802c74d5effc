import { describe, expect, it } from 'vitest';
import { pickEncoding } from './compress-json';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('GZIP')).toBe('gzip');
  });

  it('answers none when the client accepts neither, or says nothing', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('deflate, zstd')).toBeNull();
  });

  it('honours q-values: q=0 refuses an encoding, * stands for the others', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br; q=0, gzip; q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=bad, gzip')).toBe('gzip');
  });
});
