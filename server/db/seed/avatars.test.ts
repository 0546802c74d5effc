import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawMonogram, initialsOf } from './avatars';
import { crc32, encodePng } from './png';

interface Chunk {
  type: string;
  data: Buffer;
  crcValid: boolean;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    chunks.push({ type: typeAndData.subarray(0, 4).toString('ascii'), data: typeAndData.subarray(4), crcValid: crc32(typeAndData) === crc });
    offset += 12 + length;
  }
  return chunks;
}

describe('PNG encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes the signature, an IHDR with the size, IDAT and IEND, each with a valid CRC', () => {
    const png = encodePng(3, 2, new Uint8Array(3 * 2 * 3).fill(200));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = readChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((c) => c.crcValid)).toBe(true);
    const ihdr = chunks[0].data;
    expect(ihdr.readUInt32BE(0)).toBe(3);
    expect(ihdr.readUInt32BE(4)).toBe(2);
    expect([ihdr[8], ihdr[9]]).toEqual([8, 2]);
    // two scanlines of (filter byte + 3 RGB pixels)
    const raw = inflateSync(chunks[1].data);
    expect(raw.length).toBe(2 * (1 + 9));
    expect(raw[0]).toBe(0);
    expect(raw[1]).toBe(200);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(5))).toThrow();
  });
});

describe('demo avatars', () => {
  it('draws a 400x600 picture, the size the picture editor produces', () => {
    const png = drawMonogram({ width: 400, height: 600, hue: 210, text: initialsOf('Ștefan Popescu') });
    const [ihdr] = readChunks(png);
    expect(ihdr.data.readUInt32BE(0)).toBe(400);
    expect(ihdr.data.readUInt32BE(4)).toBe(600);
    expect(png.length).toBeLessThan(1024 * 1024);
  });

  it('takes the initials from the plain form of the name', () => {
    expect(initialsOf('Ștefan Popescu')).toBe('SP');
    expect(initialsOf('Ana')).toBe('A');
  });

  it('draws the same picture for the same person', () => {
    const draw = () => drawMonogram({ width: 40, height: 60, hue: 12, text: 'EC' });
    expect(draw().equals(draw())).toBe(true);
  });
});
