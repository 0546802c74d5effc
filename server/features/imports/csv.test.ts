import { describe, expect, it } from 'vitest';
import { CsvError, delimiterOf, parseCsv } from './csv';

describe('CSV reader', () => {
  it('reads quoted fields, doubled quotes, embedded newlines, CRLF and a BOM, with the line each record starts on', () => {
    const text = '\ufeffEmail,Days_Left\r\n"a@x.test",3\r\n\r\n"multi\nline, with ""quotes""",4\n';
    expect(parseCsv(text, ['email', 'days_left'])).toEqual([
      { line: 2, cells: { email: 'a@x.test', days_left: '3' } },
      { line: 4, cells: { email: 'multi\nline, with "quotes"', days_left: '4' } },
    ]);
  });

  it('reads the ";" files of European Excel: the delimiter and quotes inside quoted fields, empty rows skipped', () => {
    const text = 'external_id;title;team_ids\r\next-1;"Pop; Dan ""Medical""";"1;2"\r\n;;\r\next-2;Ana, Maria;\r\n';
    expect(parseCsv(text, ['external_id', 'title', 'team_ids'])).toEqual([
      { line: 2, cells: { external_id: 'ext-1', title: 'Pop; Dan "Medical"', team_ids: '1;2' } },
      { line: 4, cells: { external_id: 'ext-2', title: 'Ana, Maria', team_ids: '' } },
    ]);
  });

  it('takes the delimiter from the header line alone', () => {
    expect(delimiterOf('email;days_left\r\n"a,b,c";1')).toBe(';');
    expect(delimiterOf('email,days_left\n"a;b;c",1')).toBe(',');
    expect(delimiterOf('email')).toBe(',');
  });

  it('counts a CRLF inside quotes as one line', () => {
    const text = 'a;b\r\n"one\r\ntwo\r\nthree";1\r\nnext;2\r\n';
    expect(parseCsv(text, ['a']).map((r) => r.line)).toEqual([2, 5]);
  });

  it('keeps a quote inside an unquoted value as text', () => {
    expect(parseCsv('title,n\nMonitor 27" nou,1', ['title'])[0].cells.title).toBe('Monitor 27" nou');
  });

  it('pads a row with fewer values', () => {
    expect(parseCsv('email,days_left\na@x.test', ['email'])[0].cells).toEqual({ email: 'a@x.test', days_left: '' });
  });

  it('names missing columns and unclosed quotes with their line, without quoting the file', () => {
    expect(() => parseCsv('email\nx', ['email', 'days_left'])).toThrow(/Missing column\(s\): days_left/);
    try {
      parseCsv('email,days_left\n"open,3', ['email']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CsvError);
      expect((error as CsvError).line).toBe(2);
      expect((error as CsvError).message).toBe('A quoted field is not closed.');
    }
  });

  it('refuses a row with more values than columns', () => {
    expect(() => parseCsv('email,days_left\na,1,2', ['email'])).toThrow(/Expected 2 values, found 3/);
    expect(() => parseCsv('email;days_left\na;1;2', ['email'])).toThrow(/Expected 2 values, found 3/);
  });

  it('calls a file with no header empty', () => {
    expect(() => parseCsv('\r\n\r\n', ['email'])).toThrow(/The file is empty/);
  });
});
