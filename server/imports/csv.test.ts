import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv';

describe('CSV reader', () => {
  it('reads quoted fields, doubled quotes, embedded newlines, CRLF and a BOM, with the line each record starts on', () => {
    const text = '\ufeffEmail,Days_Left\r\n"a@x.test",3\r\n\r\n"multi\nline, with ""quotes""",4\n';
    expect(parseCsv(text, ['email', 'days_left'])).toEqual([
      { line: 2, cells: { email: 'a@x.test', days_left: '3' } },
      { line: 4, cells: { email: 'multi\nline, with "quotes"', days_left: '4' } },
    ]);
  });

  it('names missing columns and unclosed quotes with their line', () => {
    expect(() => parseCsv('email\nx', ['email', 'days_left'])).toThrow(/Missing column\(s\): days_left/);
    try {
      parseCsv('email,days_left\n"open,3', ['email']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CsvError);
      expect((error as CsvError).line).toBe(2);
    }
  });

  it('refuses a row with more values than columns', () => {
    expect(() => parseCsv('email,days_left\na,1,2', ['email'])).toThrow(/Expected 2 values, found 3/);
  });
});
