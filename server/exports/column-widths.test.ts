import { describe, expect, it } from 'vitest';
import { cellWidth, ColumnWidths } from './column-widths';

describe('export column widths', () => {
  it('a column is as wide as its longest value, header included, within the floor and the cap', () => {
    const widths = new ColumnWidths(['Name', 'Email', 'Description']);
    widths.measure(['Ana', 'ana.maria.constantinescu@bitstone.example', 'x'.repeat(500)]);
    widths.measure(['Bogdan Ionescu', null, 'short']);
    expect(widths.widths({ min: 20, max: 60 })).toEqual([20, 'ana.maria.constantinescu@bitstone.example'.length + 2, 60]);
  });

  it('measures a text by its longest line, a date as shown, letters not UTF-16 units', () => {
    expect(cellWidth('one\ntwo lines here\r\nthree')).toBe('two lines here'.length);
    expect(cellWidth(new Date())).toBe(10);
    expect(cellWidth(1234)).toBe(4);
    expect(cellWidth('😀😀')).toBe(2);
    expect(cellWidth(undefined)).toBe(0);
  });
});
