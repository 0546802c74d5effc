import type { FastifyRequest } from 'fastify';
import { textProblem, textProblemMessage } from '../../../shared/rules/text-input';
import { badRequest } from '../../http-errors';
import { WIRE_MESSAGES } from '../../plugins/errors';

// Reading one multipart file with its limits enforced while streaming: the stream is
// cut at `maxBytes` and anything bigger is refused before it is ever held whole in memory.

export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export async function readOneFile(request: FastifyRequest, opts: { field: string; maxBytes: number; missing: string; tooLarge: string }): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest(opts.missing, opts.field);
  let part;
  try {
    part = await request.file({ limits: { fileSize: opts.maxBytes, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw badRequest(opts.missing, opts.field);
  }
  // a part with an empty file name (filename="") is no file a person chose; an unread part is drained
  if (!part || part.fieldname !== opts.field || !part.filename) {
    part?.file.resume();
    throw badRequest(opts.missing, opts.field);
  }
  // a file's name reaches the database like any text (the body's strings are checked at the edge)
  const nameProblem = textProblem(part.filename);
  if (nameProblem) {
    part.file.resume();
    throw badRequest(textProblemMessage(nameProblem), opts.field);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      chunks.push(chunk as Buffer);
    }
  } catch {
    // the parser's own errors (a body cut short) are the sender's: 400, not 500 (found by tests/api/openapi-fuzz.test.ts)
    throw badRequest(WIRE_MESSAGES.badMultipart, opts.field);
  }
  if (part.file.truncated || size > opts.maxBytes) throw badRequest(opts.tooLarge, opts.field);
  if (size === 0) throw badRequest(opts.missing, opts.field);
  return { fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data: Buffer.concat(chunks, size) };
}

/** spec §5: only jpeg and png, told by their first bytes rather than the name a client chose. */
export function imageTypeOf(data: Buffer): 'image/jpeg' | 'image/png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((b, i) => data[i] === b)) return 'image/png';
  return null;
}
