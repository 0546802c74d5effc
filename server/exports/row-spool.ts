import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

// A streamed workbook is a zip written one sheet after another: a later sheet cannot start
// while an earlier one is still being written (xlsx-writer.ts). So a workbook
// whose sheets all come from the same rows reads them from the database once, writes its first
// sheet as the pages arrive, and keeps the rows here, as JSON lines, for the sheets after it:
// in memory while they are few (one member's export never touches the disk), in a temporary
// file beyond that, so memory stays flat however many rows there are.

/** JSON bytes kept in memory before the rows go to a temporary file (~500 members). */
export const SPOOL_MEMORY_LIMIT = 256 * 1024;
/** Rows per page when reading them back, as the database pages. */
const READ_PAGE_SIZE = 500;

export class RowSpool<T> {
  /** one string of JSON lines per page added, until they go to the file */
  private chunks: string[] = [];
  private bytes = 0;
  private file?: { dir: string; path: string; handle: FileHandle };

  constructor(private readonly memoryLimit = SPOOL_MEMORY_LIMIT) {}

  /** Where the rows are kept beyond the memory limit (tests check it is gone after dispose). */
  get path(): string | undefined {
    return this.file?.path;
  }

  async add(rows: readonly T[]): Promise<void> {
    if (rows.length === 0) return;
    const text = `${rows.map(jsonLine).join('\n')}\n`;
    if (!this.file && this.bytes + text.length <= this.memoryLimit) {
      this.chunks.push(text);
      this.bytes += text.length;
      return;
    }
    if (!this.file) {
      const dir = await mkdtemp(join(tmpdir(), 'hub-export-'));
      const path = join(dir, 'rows.jsonl');
      this.file = { dir, path, handle: await open(path, 'w') };
      // writeFile rather than write: it loops until every byte is written
      await this.file.handle.writeFile(this.chunks.join(''));
      this.chunks = [];
    }
    await this.file.handle.writeFile(text);
  }

  /** A pass over the rows in the order they were added; each call starts a new one. */
  async *pages(): AsyncGenerator<T[]> {
    if (!this.file) {
      for (const chunk of this.chunks) yield chunk.slice(0, -1).split('\n').map((line) => JSON.parse(line) as T);
      return;
    }
    const input = createReadStream(this.file.path);
    try {
      let page: T[] = [];
      for await (const line of createInterface({ input, crlfDelay: Infinity })) {
        page.push(JSON.parse(line) as T);
        if (page.length === READ_PAGE_SIZE) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    } finally {
      input.destroy();
    }
  }

  /** Frees the rows and removes the temporary file, whether the export finished or not. */
  async dispose(): Promise<void> {
    this.chunks = [];
    const file = this.file;
    this.file = undefined;
    if (!file) return;
    await file.handle.close().catch(() => undefined);
    await rm(file.dir, { recursive: true, force: true });
  }
}

// JSON.stringify leaves U+2028 and U+2029 raw, and Node 24's readline ends a line at them: a
// name or comment holding one would split its row in two when read back from the file.
function jsonLine(row: unknown): string {
  return JSON.stringify(row).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
