import { strFromU8, unzipSync } from 'fflate';

// Reads a workbook back for the tests: sheet names, cell values (dates as Dates where the cell's
// number format is a date's), column widths, the frozen rows and each cell's font, fill, number
// format and wrapping. It reads SpreadsheetML as the standard writes it (shared or inline
// strings, prefixed or not), not as our writer happens to: tests/unit/xlsx-read.test.ts holds it
// to a workbook LibreOffice Calc saved.

export type CellValue = string | number | boolean | Date | null;

export interface CellLook {
  bold: boolean;
  /** 'RRGGBB' */
  color?: string;
  fill?: string;
  numFmt?: string;
  wrap: boolean;
}

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: Array<XmlElement | string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
/** 'x:c' → 'c': some writers prefix the main namespace */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  const token = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([^\s/>]+)((?:\s+[^\s=]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    const [, cdata, closing, tag, attrText, selfClosing, text] = m;
    const parent = stack[stack.length - 1];
    if (cdata !== undefined) parent.children.push(cdata);
    else if (text !== undefined) parent.children.push(decode(text));
    else if (tag && closing) stack.pop();
    else if (tag) {
      const attrs: Record<string, string> = {};
      for (const a of (attrText ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[local(a[1])] = decode(a[2] ?? a[3]);
      const element: XmlElement = { name: local(tag), attrs, children: [] };
      parent.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  return root;
}

const elements = (e: XmlElement | undefined, name: string) => (e?.children ?? []).filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
const first = (e: XmlElement | undefined, name: string) => elements(e, name)[0];
function find(e: XmlElement, path: string[]): XmlElement | undefined {
  return path.reduce<XmlElement | undefined>((at, name) => first(at, name), e);
}
/** An element's own text */
const plain = (e: XmlElement | undefined) => (e?.children ?? []).filter((c): c is string => typeof c === 'string').join('');
/** Every <t> under a string item, rich-text runs included, phonetic hints left out. */
function textOf(e: XmlElement | undefined): string {
  if (!e) return '';
  return e.children.map((c) => (typeof c === 'string' ? (e.name === 't' ? c : '') : c.name === 'rPh' ? '' : textOf(c))).join('');
}

// ECMA-376 §18.8.30: the built-in formats that show dates and times
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
const isDateFormat = (code: string | undefined) => !!code && /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));
const fromSerial = (serial: number) => new Date(Math.round((serial - 25_569) * 86_400_000));

/** 'AB12' → { row: 12, column: 28 } */
function address(ref: string): { row: number; column: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(ref);
  if (!m) throw new Error(`not a cell address: ${ref}`);
  return { row: Number(m[2]), column: [...m[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) };
}

export class SheetRead {
  /** values[row - 1][column - 1], as spreadsheets number them from 1 */
  private readonly values: CellValue[][] = [];
  private readonly looks: CellLook[][] = [];
  private readonly widths: number[] = [];
  readonly frozenRows: number;

  constructor(readonly name: string, xml: XmlElement, strings: string[], looks: CellLook[]) {
    const sheet = first(xml, 'worksheet')!;
    for (const col of elements(first(sheet, 'cols'), 'col')) {
      for (let c = Number(col.attrs.min); c <= Number(col.attrs.max); c += 1) this.widths[c - 1] = Number(col.attrs.width);
    }
    const pane = find(sheet, ['sheetViews', 'sheetView', 'pane']);
    this.frozenRows = pane && (pane.attrs.state === 'frozen' || pane.attrs.state === 'frozenSplit') ? Number(pane.attrs.ySplit ?? 0) : 0;
    let r = 0;
    for (const row of elements(first(sheet, 'sheetData'), 'row')) {
      r = row.attrs.r ? Number(row.attrs.r) : r + 1;
      let c = 0;
      for (const cell of elements(row, 'c')) {
        c = cell.attrs.r ? address(cell.attrs.r).column : c + 1;
        const look = looks[Number(cell.attrs.s ?? 0)] ?? looks[0];
        const v = first(cell, 'v') && plain(first(cell, 'v'));
        let value: CellValue;
        switch (cell.attrs.t) {
          case 's': value = strings[Number(v)] ?? null; break;
          case 'inlineStr': value = textOf(first(cell, 'is')); break;
          case 'str': case 'e': value = v ?? null; break;
          case 'b': value = v === '1'; break;
          case 'd': value = v ? new Date(v) : null; break;
          default: value = v === undefined || v === '' ? null : Number(v);
        }
        if (typeof value === 'number' && isDateFormat(look.numFmt)) value = fromSerial(value);
        (this.values[r - 1] ??= [])[c - 1] = value;
        (this.looks[r - 1] ??= [])[c - 1] = look;
      }
    }
  }

  /** The last row that holds a row element */
  get rowCount(): number {
    return this.values.length;
  }

  cell(row: number, column: number): CellValue {
    return this.values[row - 1]?.[column - 1] ?? null;
  }

  /** Row `row`'s values from column 1 to its last cell, empty cells as null. */
  row(row: number): CellValue[] {
    return Array.from(this.values[row - 1] ?? [], (v) => v ?? null);
  }

  /** Column `column`'s values from row 1 to the last row. */
  column(column: number): CellValue[] {
    return Array.from({ length: this.rowCount }, (_, r) => this.cell(r + 1, column));
  }

  /** The number of columns that have a width or a cell. */
  get columnCount(): number {
    return Math.max(this.widths.length, ...this.values.map((r) => r?.length ?? 0));
  }

  width(column: number): number | undefined {
    return this.widths[column - 1];
  }

  look(row: number, column: number): CellLook | undefined {
    return this.looks[row - 1]?.[column - 1];
  }
}

export interface WorkbookRead {
  sheets: SheetRead[];
  sheet(name: string): SheetRead;
  title?: string;
}

function readLooks(xml: XmlElement | undefined): CellLook[] {
  if (!xml) return [{ bold: false, wrap: false }];
  const styles = first(xml, 'styleSheet')!;
  // 'General' is no format; LibreOffice writes 'yyyy-mm-dd' with its literals escaped (a backslash before each '-')
  const formats = new Map(elements(first(styles, 'numFmts'), 'numFmt').map((f) => [Number(f.attrs.numFmtId), f.attrs.formatCode === 'General' ? undefined : f.attrs.formatCode.replace(/\\(.)/g, '$1')]));
  const rgb = (e: XmlElement | undefined) => e?.attrs.rgb?.slice(-6).toUpperCase();
  const fonts = elements(first(styles, 'fonts'), 'font').map((f) => ({ bold: !!first(f, 'b') && first(f, 'b')!.attrs.val !== '0' && first(f, 'b')!.attrs.val !== 'false', color: rgb(first(f, 'color')) }));
  const fills = elements(first(styles, 'fills'), 'fill').map((f) => {
    const pattern = first(f, 'patternFill');
    return pattern?.attrs.patternType === 'solid' ? rgb(first(pattern, 'fgColor')) : undefined;
  });
  return elements(first(styles, 'cellXfs'), 'xf').map((xf) => {
    const font = fonts[Number(xf.attrs.fontId ?? 0)];
    const id = Number(xf.attrs.numFmtId ?? 0);
    const wrap = first(xf, 'alignment')?.attrs.wrapText;
    return {
      bold: font?.bold ?? false, color: font?.color, fill: fills[Number(xf.attrs.fillId ?? 0)],
      numFmt: formats.get(id) ?? (BUILT_IN_DATES.has(id) ? 'm/d/yy' : undefined),
      wrap: wrap === '1' || wrap === 'true',
    };
  });
}

/** A workbook's bytes, read at once (the tests' workbooks are small). */
export function readXlsx(bytes: ArrayBuffer | Uint8Array): WorkbookRead {
  const files = unzipSync(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const xml = (path: string) => (files[path] ? parseXml(strFromU8(files[path])) : undefined);
  const rels = (path: string) => {
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    const relsXml = xml(`${dir}_rels/${path.slice(dir.length)}.rels`);
    return new Map(elements(first(relsXml, 'Relationships'), 'Relationship').map((r) => {
      const target = r.attrs.Target.startsWith('/') ? r.attrs.Target.slice(1) : `${dir}${r.attrs.Target}`;
      return [r.attrs.Id, { type: r.attrs.Type.slice(r.attrs.Type.lastIndexOf('/') + 1), target }];
    }));
  };
  const main = [...rels('').values()].find((r) => r.type === 'officeDocument')!.target;
  const bookRels = rels(main);
  const part = (type: string) => [...bookRels.values()].find((r) => r.type === type)?.target;
  const sharedPath = part('sharedStrings');
  const strings = elements(first(sharedPath ? xml(sharedPath) : undefined, 'sst'), 'si').map(textOf);
  const stylesPath = part('styles');
  const looks = readLooks(stylesPath ? xml(stylesPath) : undefined);
  const sheets = elements(first(first(xml(main), 'workbook'), 'sheets'), 'sheet').map((s) => {
    const target = bookRels.get(s.attrs.id)!.target;
    return new SheetRead(s.attrs.name, xml(target)!, strings, looks);
  });
  const core = [...rels('').values()].find((r) => r.type === 'core-properties');
  const title = core ? plain(first(first(xml(core.target), 'coreProperties'), 'title')) || undefined : undefined;
  return {
    sheets,
    title,
    sheet(name) {
      const found = sheets.find((s) => s.name === name);
      if (!found) throw new Error(`no sheet "${name}" (sheets: ${sheets.map((s) => s.name).join(', ')})`);
      return found;
    },
  };
}
