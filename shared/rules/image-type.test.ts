import { describe, expect, it } from 'vitest';
import { PICTURE_MESSAGES } from './people-messages';
import { imageTypeOf, pictureProblem } from './image-type';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);

describe('picture type by content', () => {
  it('knows png and jpeg by their first bytes', () => {
    expect(imageTypeOf(png)).toBe('image/png');
    expect(imageTypeOf(jpeg)).toBe('image/jpeg');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(imageTypeOf(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeNull();
    expect(pictureProblem(new TextEncoder().encode('GIF89a'))).toBe(PICTURE_MESSAGES.type);
  });

  it('asks for a file when there is none and refuses more than 1MB', () => {
    expect(pictureProblem(null)).toBe(PICTURE_MESSAGES.required);
    expect(pictureProblem(new Uint8Array())).toBe(PICTURE_MESSAGES.required);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(png);
    expect(pictureProblem(big)).toBe(PICTURE_MESSAGES.size);
    expect(pictureProblem(png)).toBeNull();
  });
});
