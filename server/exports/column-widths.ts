// Every export sizes its columns to what they hold (a users export opened in a spreadsheet had
// its Email column too narrow for the addresses). The longest value of a column, its header
// included, gives its width in characters, between a floor and a cap: past the cap a long
// description would push every column after it off the screen. A sheet's widths come before its
// first row (xlsx-writer.ts), so the rows are measured before any is written.

export interface WidthLimits {
  /** the narrowest a column gets, in characters */
  min: number;
  /** the widest */
  max: number;
}

/** A cell's width in characters, as a spreadsheet shows it (a date in its numFmt, the longest line of a text). */
export function cellWidth(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (value instanceof Date) return 10; // dd/mm/yyyy or yyyy-mm-dd
  const text = String(value);
  return Math.max(0, ...text.split(/\r\n|\r|\n/).map((line) => [...line].length));
}

/** The longest value seen per column, from the header on. */
export class ColumnWidths {
  private readonly longest: number[];

  constructor(headers: readonly string[]) {
    this.longest = headers.map(cellWidth);
  }

  measure(cells: readonly unknown[]): void {
    cells.forEach((cell, i) => {
      this.longest[i] = Math.max(this.longest[i] ?? 0, cellWidth(cell));
    });
  }

  /** Two characters over the longest value (the header is bold, and cells have padding), within the limits. */
  widths({ min, max }: WidthLimits): number[] {
    return this.longest.map((n) => Math.min(max, Math.max(min, n + 2)));
  }
}
