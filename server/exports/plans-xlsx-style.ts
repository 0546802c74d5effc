import type ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { PRIMARY_COLOR } from '../../shared/rules/constants';

/** The header row every export of ours shares: bold white on the theme colour (spec §9). */
export function styleHeader(ws: ExcelJS.Worksheet): void {
  const head = ws.getRow(1);
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${PRIMARY_COLOR.slice(1)}` } };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The workbook (bytes or a stream) as a download: RFC 6266 name with an ASCII fallback, never cached. */
export function sendXlsx(reply: FastifyReply, bytes: Buffer | Readable, fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|"/g, '_');
  return reply
    .type(XLSX)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}
