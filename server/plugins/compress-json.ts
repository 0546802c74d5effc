import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

// The API's JSON answers above a size worth it go compressed when the client accepts it
// (the web build's browsers all do; the desktop app's fetch too). Brotli at quality 1 compresses
// the hub's JSON 4–9 times (all-teams statistics 1.9 MB → 220 KB, the objectives filter choices
// 330 → 50 KB, one team's statistics 19 → 4 KB) in about the time gzip takes at level 1–4, and
// gzip is there for clients without brotli.
// bench/api.ts measured the CPU this costs against each route's overhead target: see
// bench/README.md ("JSON compression"). The build's files are compressed once at build time
// (plugins/web.ts); event streams (hijacked) and exports (streams) pass through untouched.

/**
 * An answer within TCP's initial window (10 segments, ~14 KiB) arrives in one round trip however
 * it is encoded, so compressing it saves only bytes, and on the small fast routes it cost the hub
 * 14–38 % more CPU per request, past their overhead targets (bench/README.md). Above it every
 * round trip saved is worth the CPU.
 */
export const COMPRESS_MIN_BYTES = 14 * 1024;
/** Larger answers are compressed on libuv's threads, so the event loop serves others meanwhile. */
const ASYNC_FROM_BYTES = 64 * 1024;
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 4;

export type JsonEncoding = 'br' | 'gzip';

/** The encoding to answer with from an Accept-Encoding header: br, else gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): JsonEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const allows = (name: JsonEncoding) => (accepted.get(name) ?? (accepted.get('*') ?? 0)) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

export function compress(body: Buffer, encoding: JsonEncoding): Buffer | Promise<Buffer> {
  const size = body.length;
  if (size >= ASYNC_FROM_BYTES) return encoding === 'br' ? brotliAsync(body, brotliOptions(size)) : gzipAsync(body, { level: GZIP_LEVEL });
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(size)) : zlib.gzipSync(body, { level: GZIP_LEVEL });
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** On the /api scope: JSON answers of COMPRESS_MIN_BYTES or more, compressed as the client accepts. */
export function installJsonCompression(api: FastifyInstance): void {
  // callback form: most answers pass through untouched, without a promise
  api.addHook('onSend', (request, reply, payload, done) => {
    const passed = () => done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return passed();
    // the size first: the cheapest test, and the one almost every answer fails
    if ((typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length) < COMPRESS_MIN_BYTES) return passed();
    if (reply.hasHeader('content-encoding')) return passed();
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return passed();
    // the same URL answers differently by Accept-Encoding: caches must key on it either way
    addVary(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return passed();
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    let compressed: Buffer | Promise<Buffer>;
    try {
      compressed = compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
    } catch (error) {
      return done(error as Error);
    }
    if (Buffer.isBuffer(compressed)) return done(null, compressed);
    compressed.then((body) => done(null, body), (error: Error) => done(error));
  });
}
