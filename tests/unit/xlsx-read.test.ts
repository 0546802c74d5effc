import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readXlsx, type SheetRead } from '../support/xlsx-read';
import { sampleWorkbook } from './xlsx-sample';

// The tests read the exports with tests/support/xlsx-read.ts. Held here to a workbook another
// program wrote: LibreOffice Calc saved the sample again in its own way (shared strings, its own
// styles, escaped number formats, every attribute spelt out), and the reader must see the same
// workbook in both.

const everything = (ws: SheetRead) => ({
  name: ws.name,
  widths: Array.from({ length: ws.columnCount }, (_, c) => ws.width(c + 1)),
  rows: Array.from({ length: ws.rowCount }, (_, r) => ws.row(r + 1)),
  looks: Array.from({ length: ws.rowCount }, (_, r) => ws.row(r + 1).map((value, c) => {
    const look = ws.look(r + 1, c + 1);
    // a blank cell has no look of its own in LibreOffice's file
    return value === null || !look ? null : { bold: look.bold, color: look.color, fill: look.fill, numFmt: look.numFmt, wrap: look.wrap };
  })),
});

describe('the tests’ xlsx reader', () => {
  it('reads the workbook LibreOffice saved as it reads ours', () => {
    const ours = readXlsx(sampleWorkbook());
    const theirs = readXlsx(readFileSync('tests/unit/fixtures/sample-saved-by-libreoffice.xlsx'));
    expect(theirs.title).toBe(ours.title);
    expect(theirs.sheets.map(everything)).toEqual(ours.sheets.map(everything));
    // ours only: LibreOffice saving without a window keeps no view, so no frozen pane
    expect(ours.sheets.map((s) => s.frozenRows)).toEqual([1, 1]);
  });
});
