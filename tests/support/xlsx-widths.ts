import { expect } from 'vitest';
import { cellWidth, type WidthLimits } from '../../server/exports/column-widths';
import type { SheetRead } from './xlsx-read';

/**
 * Every column of an exported sheet, read back, is two characters wider than its longest value
 * (header included), within the export's limits.
 */
export function expectSizedToContent(ws: SheetRead, { min, max }: WidthLimits): void {
  for (let c = 1; c <= ws.row(1).length; c += 1) {
    const longest = Math.max(...ws.column(c).map(cellWidth));
    expect({ column: ws.cell(1, c), width: ws.width(c) }).toEqual({ column: ws.cell(1, c), width: Math.min(max, Math.max(min, longest + 2)) });
  }
}
