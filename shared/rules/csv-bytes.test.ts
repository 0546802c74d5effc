import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './csv-bytes';

// The bytes Excel's "Save as" writes: "CSV UTF-8" (a BOM, CRLF) and plain "CSV" (the ANSI code page).

/** Windows-1252 as Excel writes it (ASCII, plus the few letters and marks these tests use). */
const CP1252: Record<string, number> = { â: 0xe2, î: 0xee, Â: 0xc2, Î: 0xce, é: 0xe9, ü: 0xfc, '„': 0x84, '”': 0x94, '–': 0x96, '€': 0x80 };
const cp1252 = (text: string) =>
  Uint8Array.from([...text], (c) => {
    const byte = c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : CP1252[c];
    if (byte === undefined) throw new Error(`${c} is not in the test's Windows-1252 table`);
    return byte;
  });
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('CSV bytes', () => {
  it('reads UTF-8 with a BOM as Excel writes it, without the BOM, Romanian letters with comma below kept', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('title;start\r\nȘtefan Țurcanu – concediu;2026-07-06\r\n')]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'title;start\r\nȘtefan Țurcanu – concediu;2026-07-06\r\n', encoding: 'utf-8' });
  });

  it('reads UTF-8 without a BOM', () => {
    expect(decodeCsvBytes(utf8('email,days_left\nă@bitstone.test,3\n'))).toEqual({ text: 'email,days_left\nă@bitstone.test,3\n', encoding: 'utf-8' });
  });

  it('reads a file that is not UTF-8 as Windows-1252: Romanian î â, quotes „ ”, the euro and Western letters', () => {
    const text = 'title;type\r\n„Înscriere” la târg – 20 € pentru René Müller;De odihna\r\n';
    const bytes = cp1252(text);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeCsvBytes(bytes)).toEqual({ text, encoding: 'windows-1252' });
  });

  it('reads the 1252 punctuation of bytes 0x80–0x9F as browsers do, not as the C1 controls of Node 20 and 22', () => {
    const { text } = decodeCsvBytes(Uint8Array.from([0x80, 0x84, 0x85, 0x8a, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9a, 0x9f, 0x81]));
    expect(text).toBe('€„…Š’“”–—™šŸ\u0081');
  });

  it('reads plain ASCII as UTF-8 (the two agree on it)', () => {
    expect(decodeCsvBytes(utf8('a,b\n1,2'))).toEqual({ text: 'a,b\n1,2', encoding: 'utf-8' });
  });

  it('decodes any bytes to some text, leaving NUL and controls for the hub to refuse', () => {
    const decoded = decodeCsvBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]));
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toBe('‰PNG\r\n\u001a\n\u0000ÿ');
    expect(decodeCsvBytes(new Uint8Array()).text).toBe('');
  });
});
