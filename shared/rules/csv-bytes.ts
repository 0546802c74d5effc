// CSV imports (docs/operations.md 'CSV uploads'): the bytes of a CSV as Excel saves it. "CSV UTF-8"
// starts with a BOM; plain "CSV" is in the ANSI code page, Windows-1252 in western Europe. A file
// that is valid UTF-8 is read as UTF-8 (a 1252 file with any letter past ASCII is almost never
// valid UTF-8); anything else as Windows-1252, which maps every byte. The hub and the upload screen
// read the bytes the same way, so what an admin uploads is what the hub imports.

export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
}

/**
 * Bytes 0x80–0x9F of Windows-1252 (WHATWG index-windows-1252). Node 20.18.3+ and 22.13+ decode
 * 'windows-1252' as Latin-1, leaving these as C1 controls (nodejs/node#60888: € became U+0080);
 * browsers and Node 24 decode them right. Mapping the C1 range after decoding is right on both.
 */
const C1_OF_1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (c) => C1_OF_1252[c.charCodeAt(0) - 0x80]);
}

/** The file's text without a BOM, and the encoding it was read in. */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  try {
    // fatal: invalid UTF-8 throws instead of becoming U+FFFD; the BOM is dropped (ignoreBOM false)
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}
