import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

// resources/icon.png for electron-builder (512×512, it derives the .ico/.icns sizes): a
// #004C7C rounded square with a white hub mark (a centre joined to three nodes). Drawn
// with distance functions and 4×4 supersampling, encoded as PNG with node:zlib: no image deps.

const SIZE = 512;
const BRAND = [0x00, 0x4c, 0x7c] as const;

const c = SIZE / 2 + 12; // optically centred: the mark is heavier at the bottom
function roundedSquare(x: number, y: number): boolean {
  const r = 96;
  const m = 16;
  const dx = Math.max(m + r - x, 0, x - (SIZE - m - r));
  const dy = Math.max(m + r - y, 0, y - (SIZE - m - r));
  return dx * dx + dy * dy <= r * r;
}
function mark(x: number, y: number): boolean {
  if (Math.hypot(x - c, y - c) <= 64) return true; // the hub
  for (const angle of [-Math.PI / 2, Math.PI / 6, (5 * Math.PI) / 6]) {
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    const along = (x - c) * ux + (y - c) * uy;
    const across = Math.abs(-(x - c) * uy + (y - c) * ux);
    if (along > 0 && along < 150 && across <= 16) return true; // spokes
    if (Math.hypot(x - (c + 150 * ux), y - (c + 150 * uy)) <= 44) return true; // the people it joins
  }
  return false;
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    let inside = 0;
    let white = 0;
    for (let sy = 0; sy < 4; sy++) {
      for (let sx = 0; sx < 4; sx++) {
        const px = x + (sx + 0.5) / 4;
        const py = y + (sy + 0.5) / 4;
        if (!roundedSquare(px, py)) continue;
        inside++;
        if (mark(px, py)) white++;
      }
    }
    const o = y * (SIZE * 4 + 1) + 1 + x * 4;
    const w = inside ? white / inside : 0;
    for (let i = 0; i < 3; i++) raw[o + i] = Math.round(BRAND[i] * (1 - w) + 255 * w);
    raw[o + 3] = Math.round((inside / 16) * 255);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let v = n;
  for (let k = 0; k < 8; k++) v = v & 1 ? 0xedb88320 ^ (v >>> 1) : v >>> 1;
  return v >>> 0;
});
function crc32(bytes: Buffer): number {
  let v = 0xffffffff;
  for (const b of bytes) v = crcTable[(v ^ b) & 0xff] ^ (v >>> 8);
  return (v ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
mkdirSync('resources', { recursive: true });
writeFileSync('resources/icon.png', png);
console.log(`resources/icon.png: ${SIZE}×${SIZE}, ${png.length} bytes`);
