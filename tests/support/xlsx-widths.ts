import type ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { cellWidth, type WidthLimits } from '../../server/exports/column-widths';

/**
 * issue 21: every column of an exported sheet, read back with exceljs, is two characters wider
 * than its longest value (header included), within the export's limits.
 */
export function expectSizedToContent(ws: ExcelJS.Worksheet, { min, max }: WidthLimits): void {
  const columns = ws.getRow(1).cellCount;
  for (let c = 1; c <= columns; c += 1) {
    // Array.from: exceljs leaves holes for empty cells, which map would skip
    const longest = Math.max(...Array.from(ws.getColumn(c).values as unknown[]).slice(1).map(cellWidth));
    expect({ column: ws.getRow(1).getCell(c).value, width: ws.getColumn(c).width }).toEqual({
      column: ws.getRow(1).getCell(c).value, width: Math.min(max, Math.max(min, longest + 2)),
    });
  }
}
