// How wide a table must be to show its columns side by side (DataTable). Below that width its
// rows stack, each a card of labelled values, so no column hides in a sideways scroller
// (WCAG 1.4.10 reflow: at 320 CSS px every value and every action is still on screen).

/** A column with no width of its own shares what is left, and is never narrower than this. */
export const FLEX_COLUMN_MIN = 120;

export interface ColumnWidth {
  /** px in the side-by-side layout; none: the column shares what the others leave */
  width?: number;
  /** for a column with no width: the least it may get before the rows stack */
  minWidth?: number;
}

/** The narrowest box in which every column still gets its width (or its share's minimum). */
export function tableMinWidth(columns: readonly ColumnWidth[]): number {
  return columns.reduce((sum, column) => sum + (column.width ?? column.minWidth ?? FLEX_COLUMN_MIN), 0);
}

/**
 * An e-mail address cut before its '@': the two halves a line may break between, so an address
 * wraps as 'first.last' / '@company.example', never inside a word. An address without an '@'
 * past its first character is one part.
 */
export function emailParts(email: string): [string] | [string, string] {
  const at = email.lastIndexOf('@');
  return at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
}
