import type { PassThrough } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

// The exports' workbooks, written as SpreadsheetML (ECMA-376 part 1, §18) straight into fflate's
// streaming zip. Only what the exports use: sheets with column widths and a frozen header row;
// text, numbers and dates; bold or coloured fonts, a solid fill, number formats and wrapped text.
// fflate compresses each chunk as it is pushed and hands the bytes on at once, so nothing piles up
// between the rows and the download: memory stays flat however many rows a sheet has, as long as
// the caller waits for the download between pages (readerCaughtUp). Why not a spreadsheet library:
// README.md, "Dependency notes".

/** How a cell looks. Colours are '#rrggbb'. */
export interface CellStyle {
  bold?: boolean;
  color?: string;
  /** a solid background */
  fill?: string;
  /** an Excel number format, 'yyyy-mm-dd' for a date */
  numFmt?: string;
  /** text wraps at the column's width, aligned to the top of the row */
  wrap?: boolean;
}

export interface SheetColumn {
  /** in characters of the default font, as spreadsheets count widths */
  width: number;
  /** applied to every cell of the column, under the row's own style */
  style?: CellStyle;
}

export interface SheetOptions {
  columns: readonly SheetColumn[];
  /** rows kept in view while scrolling (the header) */
  frozenRows?: number;
}

export interface WorkbookProperties {
  title?: string;
  created?: Date;
}

/** Excel holds at most this many characters in a cell: a longer text is cut here, not left for Excel to repair. */
const MAX_CELL_TEXT = 32_767;
/** Sheet XML is compressed in chunks of about this many characters. */
const FLUSH_AT = 64 * 1024;
/** Excel's serial day of 1970-01-01 (the 1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;
const DAY_MS = 86_400_000;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const encoder = new TextEncoder();

// XML 1.0 allows neither these control characters nor a lone surrogate; a name pasted from
// another program can hold one, and a single one makes Excel refuse the whole workbook.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

/** 0 → 'A', 25 → 'Z', 26 → 'AA' */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A date as Excel's serial day number, from its UTC time (the exports' dates are UTC days or instants). */
export function excelSerial(date: Date): number {
  return date.getTime() / DAY_MS + UNIX_EPOCH_SERIAL;
}

const argb = (hex: string) => `FF${hex.replace('#', '').toUpperCase()}`;

/** The fonts, fills, number formats and their combinations (cellXfs) a workbook uses, numbered as first seen. */
class Styles {
  private readonly fonts = ['<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'];
  private readonly fills = ['<fill><patternFill patternType="none"/></fill>', '<fill><patternFill patternType="gray125"/></fill>'];
  private readonly numFmts: string[] = [];
  private readonly xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  private readonly ids = new Map<string, number>([['', 0]]);

  /** The index a cell's `s` attribute names (0: the default look). */
  id(style: CellStyle | undefined): number {
    if (!style) return 0;
    const { bold = false, color, fill, numFmt, wrap = false } = style;
    const key = `${bold}|${color ?? ''}|${fill ?? ''}|${numFmt ?? ''}|${wrap}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const fontId = bold || color ? indexOf(this.fonts, `<font>${bold ? '<b/>' : ''}<sz val="11"/>${color ? `<color rgb="${argb(color)}"/>` : ''}<name val="Calibri"/><family val="2"/></font>`) : 0;
    const fillId = fill ? indexOf(this.fills, `<fill><patternFill patternType="solid"><fgColor rgb="${argb(fill)}"/><bgColor indexed="64"/></patternFill></fill>`) : 0;
    // custom number formats are numbered from 164; the ones below are Excel's built-ins
    const numFmtId = numFmt ? 164 + indexOf(this.numFmts, numFmt) : 0;
    const applies = `${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}${fillId ? ' applyFill="1"' : ''}`;
    const alignment = wrap ? ' applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>' : '/>';
    const id = this.xfs.push(`<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"${applies}${alignment}`) - 1;
    this.ids.set(key, id);
    return id;
  }

  xml(): string {
    const list = (tag: string, items: string[]) => `<${tag} count="${items.length}">${items.join('')}</${tag}>`;
    const numFmts = this.numFmts.length ? list('numFmts', this.numFmts.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(code)}"/>`)) : '';
    return `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">${numFmts}${list('fonts', this.fonts)}${list('fills', this.fills)}`
      + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
      + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
      + `${list('cellXfs', this.xfs)}<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  }
}

function indexOf(list: string[], item: string): number {
  const at = list.indexOf(item);
  return at >= 0 ? at : list.push(item) - 1;
}

/** One cell's XML, or '' for an empty one. */
function cellXml(ref: string, value: unknown, style: number): string {
  if (value === null || value === undefined || value === '') return '';
  const s = style ? ` s="${style}"` : '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : `<c r="${ref}"${s}><v>${excelSerial(value)}</v></c>`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = xmlText(String(value).slice(0, MAX_CELL_TEXT));
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

/** A sheet being written: rows go out in order, and the sheet must be ended before the next begins. */
export class XlsxSheet {
  private parts: string[] = [];
  private size = 0;
  private rows = 0;
  private readonly columnStyles: number[];

  /** @internal made by XlsxWriter.addSheet */
  constructor(
    private readonly file: ZipDeflate,
    private readonly styles: Styles,
    private readonly columns: readonly SheetColumn[],
    frozenRows: number,
    private readonly onEnd: () => void,
  ) {
    this.columnStyles = columns.map((c) => styles.id(c.style));
    const frozen = frozenRows > 0
      ? `<pane ySplit="${frozenRows}" topLeftCell="A${frozenRows + 1}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A${frozenRows + 1}" sqref="A${frozenRows + 1}"/>`
      : '';
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${this.columnStyles[i] ? ` style="${this.columnStyles[i]}"` : ''}/>`).join('');
    this.append(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">${frozen}</sheetView></sheetViews>`
      + `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`);
  }

  /** The next row; its style (a header's, an objective's bold) lies over each column's. */
  addRow(cells: readonly unknown[], style?: CellStyle): void {
    const r = ++this.rows;
    let xml = `<row r="${r}">`;
    cells.forEach((value, i) => {
      const column = this.columns[i]?.style;
      const id = style ? this.styles.id({ ...column, ...style }) : (this.columnStyles[i] ?? 0);
      xml += cellXml(`${columnName(i)}${r}`, value, id);
    });
    this.append(`${xml}</row>`);
  }

  end(): void {
    // Excel's margins for a new sheet; without them LibreOffice prints with its own, wider ones
    this.append('</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>');
    this.flush(true);
    this.onEnd();
  }

  private append(xml: string): void {
    this.parts.push(xml);
    this.size += xml.length;
    if (this.size >= FLUSH_AT) this.flush(false);
  }

  private flush(final: boolean): void {
    this.file.push(encoder.encode(this.parts.join('')), final);
    this.parts = [];
    this.size = 0;
  }
}

/**
 * A workbook written as it goes: each chunk of the zip is handed to `write` as soon as it is made,
 * and `end` writes the parts that list the sheets and styles, then the zip's directory.
 */
export class XlsxWriter {
  private readonly zip: Zip;
  private readonly styles = new Styles();
  private readonly sheets: string[] = [];
  private open?: XlsxSheet;

  constructor(write: (chunk: Uint8Array) => void, private readonly properties: WorkbookProperties = {}) {
    this.zip = new Zip((error, chunk) => {
      // fflate reports only misuse here (a file added after end); never expected, so loud
      if (error) throw error;
      write(chunk);
    });
  }

  addSheet(name: string, { columns, frozenRows = 0 }: SheetOptions): XlsxSheet {
    if (this.open) throw new Error(`sheet "${name}" started before the previous one ended`);
    // Excel's rules for a sheet's name
    if (!name || name.length > 31 || /[[\]:*?/\\]/.test(name)) throw new Error(`"${name}" cannot name a sheet`);
    this.sheets.push(name);
    const file = new ZipDeflate(`xl/worksheets/sheet${this.sheets.length}.xml`, { level: 6 });
    this.zip.add(file);
    this.open = new XlsxSheet(file, this.styles, columns, frozenRows, () => (this.open = undefined));
    return this.open;
  }

  end(): void {
    if (this.open) throw new Error('the workbook ended with a sheet still open');
    const { title, created = new Date() } = this.properties;
    const sheets = this.sheets.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
    const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;
    const stamp = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const parts: Record<string, string> = {
      '[Content_Types].xml': '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        + this.sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
        + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        + '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
      '_rels/.rels': `<Relationships xmlns="${PKG_REL_NS}">${rel('rId1', `${REL_NS}/officeDocument`, 'xl/workbook.xml')}`
        + `${rel('rId2', 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', 'docProps/core.xml')}</Relationships>`,
      'docProps/core.xml': '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"'
        + ' xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        + `${title ? `<dc:title>${xmlText(title)}</dc:title>` : ''}<dc:creator>Bitstone Hub</dc:creator>`
        + `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified></cp:coreProperties>`,
      'xl/workbook.xml': `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${PKG_REL_NS}">`
        + this.sheets.map((_, i) => rel(`rId${i + 1}`, `${REL_NS}/worksheet`, `worksheets/sheet${i + 1}.xml`)).join('')
        + `${rel(`rId${this.sheets.length + 1}`, `${REL_NS}/styles`, 'styles.xml')}</Relationships>`,
    };
    for (const [path, xml] of Object.entries(parts)) {
      const file = new ZipDeflate(path, { level: 6 });
      this.zip.add(file);
      file.push(encoder.encode(`${XML_HEAD}${xml}`), true);
    }
    // last: the styles are numbered as the rows first use them
    const styles = new ZipDeflate('xl/styles.xml', { level: 6 });
    this.zip.add(styles);
    styles.push(encoder.encode(this.styles.xml()), true);
    this.zip.end();
  }
}

/** A whole workbook as bytes (the exports small enough to build at once). */
export function xlsxBuffer(build: (book: XlsxWriter) => void, properties?: WorkbookProperties): Buffer {
  const chunks: Uint8Array[] = [];
  const book = new XlsxWriter((chunk) => chunks.push(chunk), properties);
  build(book);
  book.end();
  return Buffer.concat(chunks);
}

/**
 * Resolves once the download has taken what was written (its next 'drain'), at once if it is not
 * behind, or when it closes first. Awaited between pages, so a slow download holds the export back
 * instead of piling the workbook up in memory.
 */
export function readerCaughtUp(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}
