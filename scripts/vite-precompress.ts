import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// The hub serves the web build as it lies on disk, so the build writes a brotli and a
// gzip copy beside every text file once, at the highest levels (it has the time; a hub
// compressing on each request would spend it on every morning's sign-in). @fastify/static
// (server/plugins/web.ts, preCompressed) picks the best copy the browser accepts.

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const COMPRESSED_EXTENSIONS = ['.br', '.gz'] as const;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

/** Writes file.br and file.gz for each text file worth it; a copy no smaller than the file is not kept. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await filesUnder(dir)).filter((f) => TEXT.test(f));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
      totals.files += 1;
      totals.bytes += raw.length;
      totals.brotliBytes += Math.min(br.length, raw.length);
      totals.gzipBytes += Math.min(gz.length, raw.length);
    }),
  );
  return totals;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hub-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // every file is on disk by now, the public folder's included
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      this.info(`${t.files} text files: ${kb(t.bytes)}, brotli ${kb(t.brotliBytes)}, gzip ${kb(t.gzipBytes)}`);
    },
  };
}
