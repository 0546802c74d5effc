import { CsvError as ParseError, parse, type Info } from 'csv-parse/sync';

// The import files (design §3 CSV adapters) read by csv-parse: RFC 4180 quoting, CRLF,
// LF or CR, a BOM, blank lines and Excel's all-empty rows (';;;;') skipped. The delimiter is ','
// or ';' (Excel in Romanian and most European locales writes ';'), whichever the header line uses.

export interface CsvRecord {
  /** 1-based line of the file where the record starts (the header is line 1) */
  line: number;
  cells: Record<string, string>;
}

export class CsvError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

export type CsvDelimiter = ',' | ';';

/** ';' when the header line holds more of them than commas: column names hold neither. */
export function delimiterOf(text: string): CsvDelimiter {
  const header = text.split(/[\r\n]/, 1)[0];
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Our words for csv-parse's errors: its messages quote the file's content, which the run's log must not. */
const PARSE_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted field is not closed.',
};

interface ParsedRecord {
  record: string[];
  info: Info;
}

function records(text: string, delimiter: CsvDelimiter): Array<{ line: number; fields: string[] }> {
  // One line break, so csv-parse's line count is the file's: it counts a CRLF inside quotes twice.
  const lf = text.replace(/\r\n?/g, '\n');
  let parsed: ParsedRecord[];
  try {
    parsed = parse(lf, {
      delimiter,
      record_delimiter: '\n',
      bom: true,
      info: true,
      // rows with fewer values are padded below, more are refused with their counts
      relax_column_count: true,
      // a quote inside an unquoted value is text (5" screen), as a person typing it meant
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // the typings know no `info` option: with it each record comes as { record, info }
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    throw new CsvError(typeof error.lines === 'number' ? error.lines : 1, PARSE_MESSAGES[error.code] ?? 'The file is not valid CSV.');
  }
  // info.lines is where a record ends; it starts as many lines earlier as its values hold breaks
  return parsed.map(({ record, info }) => ({
    line: info.lines - record.reduce((breaks, value) => breaks + value.split('\n').length - 1, 0),
    fields: record,
  }));
}

/** Records keyed by the header's column names (trimmed, lower case). */
export function parseCsv(text: string, required: readonly string[]): CsvRecord[] {
  const [header, ...body] = records(text, delimiterOf(text));
  if (!header) throw new CsvError(1, 'The file is empty.');
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length) throw new CsvError(header.line, `Missing column(s): ${missing.join(', ')}.`);
  return body.map(({ line, fields }) => {
    if (fields.length > columns.length) throw new CsvError(line, `Expected ${columns.length} values, found ${fields.length}.`);
    const cells: Record<string, string> = {};
    columns.forEach((name, n) => (cells[name] = (fields[n] ?? '').trim()));
    return { line, cells };
  });
}
