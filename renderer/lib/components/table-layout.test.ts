import { describe, expect, it } from 'vitest';
import { emailParts, FLEX_COLUMN_MIN, tableMinWidth } from './table-layout';

describe('table layout', () => {
  it('needs every fixed width plus each shared column’s minimum', () => {
    expect(tableMinWidth([{ width: 150 }, {}, { minWidth: 200 }, { width: 90 }])).toBe(150 + FLEX_COLUMN_MIN + 200 + 90);
  });

  it('a column’s own width wins over a minimum given with it', () => {
    expect(tableMinWidth([{ width: 80, minWidth: 300 }])).toBe(80);
  });

  it('cuts an e-mail address before its @ only', () => {
    expect(emailParts('adrian.gheorghe@bitstone.example')).toEqual(['adrian.gheorghe', '@bitstone.example']);
    // a quoted local part may hold an @ itself: the domain starts at the last one
    expect(emailParts('"a@b"@bitstone.example')).toEqual(['"a@b"', '@bitstone.example']);
  });

  it('keeps an address with no @ past its start in one part', () => {
    expect(emailParts('nobody')).toEqual(['nobody']);
    expect(emailParts('@bitstone.example')).toEqual(['@bitstone.example']);
  });
});
