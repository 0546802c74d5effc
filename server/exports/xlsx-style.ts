import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { PRIMARY_COLOR } from '../../shared/rules/constants';
import type { CellStyle } from './xlsx-writer';

/** The header row every export of ours shares: bold white on the theme colour (spec §9). */
export const HEADER_STYLE: CellStyle = { bold: true, color: '#FFFFFF', fill: PRIMARY_COLOR };

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
