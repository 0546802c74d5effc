// A small RFC 4180 reader for the import files (design §3 CSV adapters): quoted fields with
// doubled quotes, commas and newlines inside quotes, CRLF or LF, a UTF-8 BOM, blank lines skipped.

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

function splitRecords(text: string): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0].trim() === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new CsvError(start, 'A quoted field is not closed.');
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** Records keyed by the header's column names (trimmed, lower case). */
export function parseCsv(text: string, required: readonly string[]): CsvRecord[] {
  const [header, ...body] = splitRecords(text);
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
