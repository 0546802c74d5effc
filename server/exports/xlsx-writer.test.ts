import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../tests/support/xlsx-read';
import { SAMPLE_CREATED, SAMPLE_PEOPLE, SAMPLE_PLAN, SAMPLE_TITLE, sampleWorkbook } from '../../tests/unit/xlsx-sample';
import { PRIMARY_COLOR } from '../../shared/rules/constants';
import { columnName, excelSerial, xlsxBuffer, XlsxWriter } from './xlsx-writer';

const HEADER_LOOK = { bold: true, color: 'FFFFFF', fill: PRIMARY_COLOR.slice(1).toUpperCase() };

describe('xlsx writer', () => {
  it('writes sheets with their widths, a frozen styled header, bold rows, dates, numbers and wrapped text', () => {
    const wb = readXlsx(sampleWorkbook());
    expect(wb.title).toBe(SAMPLE_TITLE);
    expect(wb.sheets.map((s) => s.name)).toEqual(['Plan', 'People']);
    const plan = wb.sheet('Plan');
    expect(plan.frozenRows).toBe(1);
    expect([1, 2, 3, 4, 5].map((c) => plan.width(c))).toEqual([12, 40, 12, 10, 30]);
    expect(plan.row(1)).toEqual(SAMPLE_PLAN[0]);
    expect(plan.row(2)).toEqual(SAMPLE_PLAN[1]);
    // a control character XML cannot hold is left out; an empty text is an empty cell
    expect(plan.row(3)).toEqual(['Key result', 'Ana Mărgărit – 😀', new Date('2027-01-15T00:00:00Z'), 80]);
    expect(plan.row(4)).toEqual(SAMPLE_PLAN[3]);
    expect(plan.look(1, 1)).toMatchObject(HEADER_LOOK);
    expect(plan.look(1, 3)).toMatchObject({ ...HEADER_LOOK, numFmt: 'yyyy-mm-dd' });
    expect(plan.look(2, 2)).toMatchObject({ bold: true, wrap: false });
    expect(plan.look(2, 5)).toMatchObject({ bold: true, wrap: true });
    expect(plan.look(3, 2)).toMatchObject({ bold: false, fill: undefined });
    expect(plan.look(3, 3)).toMatchObject({ numFmt: 'yyyy-mm-dd' });
    const people = wb.sheet('People');
    expect(people.rowCount).toBe(2);
    expect(people.row(2)).toEqual(SAMPLE_PEOPLE[1]);
    expect(people.look(2, 2)?.numFmt).toBe('yyyy-mm-dd hh:mm');
    const core = strFromU8(unzipSync(sampleWorkbook())['docProps/core.xml']);
    expect(core).toContain(`<dcterms:created xsi:type="dcterms:W3CDTF">${SAMPLE_CREATED.toISOString().replace('.000', '')}</dcterms:created>`);
  });

  it('cuts a text at the 32,767 characters Excel holds in a cell, and drops a lone surrogate', () => {
    const long = 'a'.repeat(40_000);
    const wb = readXlsx(xlsxBuffer((book) => {
      const ws = book.addSheet('Long', { columns: [{ width: 10 }] });
      ws.addRow([long]);
      ws.addRow(['half \uD83D pair']);
      ws.end();
    }));
    expect(wb.sheet('Long').cell(1, 1)).toBe('a'.repeat(32_767));
    expect(wb.sheet('Long').cell(2, 1)).toBe('half  pair');
  });

  it('hands the zip on while the rows are written, so a large sheet is never held whole', () => {
    const chunks: number[] = [];
    const book = new XlsxWriter((chunk) => chunks.push(chunk.length));
    const ws = book.addSheet('Rows', { columns: [{ width: 20 }, { width: 20 }] });
    const seenAt: number[] = [];
    for (let i = 0; i < 8_000; i += 1) {
      ws.addRow([`member ${i}`, `member.${i}@bitstone.example`]);
      if (i % 2_000 === 1_999) seenAt.push(chunks.reduce((a, b) => a + b, 0));
    }
    ws.end();
    book.end();
    // bytes arrived after each 2,000 rows, more each time
    expect(seenAt[0]).toBeGreaterThan(0);
    for (let k = 1; k < seenAt.length; k += 1) expect(seenAt[k]).toBeGreaterThan(seenAt[k - 1]);
  });

  it('refuses a sheet begun before the last one ended, a name Excel refuses, and an end with a sheet open', () => {
    const book = new XlsxWriter(() => undefined);
    book.addSheet('One', { columns: [] });
    expect(() => book.addSheet('Two', { columns: [] })).toThrow(/before the previous one ended/);
    expect(() => book.end()).toThrow(/still open/);
    const other = new XlsxWriter(() => undefined);
    expect(() => other.addSheet('a/b', { columns: [] })).toThrow(/cannot name a sheet/);
    expect(() => other.addSheet('x'.repeat(32), { columns: [] })).toThrow(/cannot name a sheet/);
  });

  it('names columns and counts days as Excel does', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
    expect(excelSerial(new Date('1970-01-01T00:00:00Z'))).toBe(25_569);
    expect(excelSerial(new Date('2021-03-15T12:00:00Z'))).toBe(44_270.5);
  });
});
