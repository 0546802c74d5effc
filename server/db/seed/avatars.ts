import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphCell } from './font';
import { asciiName } from './names';
import { encodePng } from './png';

// Demo pictures: a colour gradient per person with their initials in a light disc, at the
// size the picture editor produces (spec §5/§9: 400x600).

export interface MonogramOptions {
  width: number;
  height: number;
  /** 0-359 */
  hue: number;
  /** One or two letters. */
  text: string;
}

export function initialsOf(name: string): string {
  return asciiName(name).split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0].toUpperCase()).join('');
}

export function drawMonogram({ width, height, hue, text }: MonogramOptions): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  const top = hsl(hue, 0.55, 0.5);
  const bottom = hsl((hue + 30) % 360, 0.6, 0.28);
  const disc = hsl(hue, 0.35, 0.92);
  const ink = hsl(hue, 0.6, 0.25);
  const cx = width / 2;
  const cy = height / 2;
  const radius = Math.min(width, height) * 0.38;
  // Letters fill about 60% of the disc's width, scaled in whole cells so they stay crisp.
  const letters = text.slice(0, 2);
  const cellsWide = letters.length * GLYPH_WIDTH + (letters.length - 1);
  const cell = Math.max(1, Math.floor((radius * 1.2) / cellsWide));
  const textLeft = Math.round(cx - (cellsWide * cell) / 2);
  const textTop = Math.round(cy - (GLYPH_HEIGHT * cell) / 2);
  for (let y = 0; y < height; y++) {
    const t = y / (height - 1);
    const background = [0, 1, 2].map((c) => Math.round(top[c] + (bottom[c] - top[c]) * t));
    // The disc covers one span of each row; only pixels inside it can be ink.
    const half = radius * radius - (y - cy) ** 2;
    const discFrom = half >= 0 ? Math.ceil(cx - Math.sqrt(half)) : width;
    const discTo = half >= 0 ? Math.floor(cx + Math.sqrt(half)) : -1;
    const row = Math.floor((y - textTop) / cell);
    for (let x = 0; x < width; x++) {
      const inDisc = x >= discFrom && x <= discTo;
      const colour = !inDisc ? background : y >= textTop && x >= textLeft && isInk(letters, Math.floor((x - textLeft) / cell), row) ? ink : disc;
      const offset = (y * width + x) * 3;
      rgb[offset] = colour[0];
      rgb[offset + 1] = colour[1];
      rgb[offset + 2] = colour[2];
    }
  }
  return encodePng(width, height, rgb);
}

function isInk(letters: string, col: number, row: number): boolean {
  if (row >= GLYPH_HEIGHT) return false;
  const index = Math.floor(col / (GLYPH_WIDTH + 1));
  const within = col % (GLYPH_WIDTH + 1);
  return index < letters.length && within < GLYPH_WIDTH && glyphCell(letters[index], within, row);
}

function hsl(hue: number, saturation: number, lightness: number): number[] {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
