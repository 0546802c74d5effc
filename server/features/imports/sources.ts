import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { decodeCsvBytes } from '../../../shared/rules/csv-bytes';
import { parseCsv } from './csv';
import { ImportFailure } from './runs';
import type { SourceRecord } from './rows';

// design §3 source adapters: where records come from is one small interface; validation and
// the upserts are the same whatever the source.

export interface DateWindow {
  from: string;
  to: string;
}

export interface RecordSource {
  readonly description: string;
  /** Records of the window (a source may return more; the job keeps those inside it). */
  read(window?: DateWindow): Promise<SourceRecord[]>;
}

/** Hub configuration of a source (settings 'importSources', per kind of data). */
export const sourceConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('http'), url: z.string().url(), token: z.string().optional() }),
  z.object({ kind: z.literal('csv-folder'), folder: z.string().min(1) }),
]);
export type SourceConfig = z.infer<typeof sourceConfigSchema>;

export const importSourcesSchema = z.object({
  timetracking: sourceConfigSchema.optional(),
  holidays: sourceConfigSchema.optional(),
  daysLeft: sourceConfigSchema.optional(),
});
export type ImportSources = z.infer<typeof importSourcesSchema>;

const HTTP_TIMEOUT_MS = 30_000;

/**
 * A JSON source: GET {url}?from&to with a bearer token, answering an array of records, or
 * `{ items | tasks | events | records: [...] }`. Each record is a flat object.
 */
export function httpJsonSource(config: { url: string; token?: string }, fetchImpl: typeof fetch = fetch): RecordSource {
  return {
    description: `HTTP ${config.url}`,
    async read(window) {
      const url = new URL(config.url);
      if (window) {
        url.searchParams.set('from', window.from);
        url.searchParams.set('to', window.to);
      }
      const headers: Record<string, string> = { accept: 'application/json' };
      if (config.token) headers.authorization = `Bearer ${config.token}`;
      const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) }).catch((cause: unknown) => {
        throw new ImportFailure(`The source at ${url.origin} did not answer.`, { cause });
      });
      // spec §8 logged text for a failed status
      if (!response.ok) throw new ImportFailure(`HTTP error! Status: ${response.status}`);
      const body: unknown = await response.json().catch((cause: unknown) => {
        throw new ImportFailure('The source did not answer JSON.', { cause });
      });
      const list = Array.isArray(body) ? body : ['items', 'tasks', 'events', 'records'].map((k) => (body as Record<string, unknown>)?.[k]).find(Array.isArray);
      if (!Array.isArray(list)) throw new ImportFailure('The source answered JSON without a list of records.');
      return list.map((item, n) => ({
        where: `Item ${n + 1}`,
        cells: item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {},
      }));
    },
  };
}

/** A CSV text (an admin's upload). */
export function csvTextSource(text: string, columns: readonly string[]): RecordSource {
  return {
    description: 'CSV upload',
    read: async () => parseCsv(text, columns).map((r) => ({ where: `Line ${r.line}`, cells: r.cells })),
  };
}

function entriesOf(folder: string): Promise<string[]> {
  return readdir(folder).catch((cause: unknown) => {
    throw new ImportFailure(`The folder ${folder} cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'}).`, { cause });
  });
}

/** A drop folder: every *.csv in it, in name order, read as an upload is (UTF-8 or Windows-1252); files stay (re-reading them is idempotent). */
export function csvFolderSource(folder: string, columns: readonly string[]): RecordSource {
  return {
    description: `CSV folder ${folder}`,
    async read() {
      const names = (await entriesOf(folder)).filter((n) => n.toLowerCase().endsWith('.csv')).sort();
      const records: SourceRecord[] = [];
      for (const name of names) {
        const { text } = decodeCsvBytes(await readFile(path.join(folder, name)));
        try {
          for (const r of parseCsv(text, columns)) records.push({ where: `${name} line ${r.line}`, cells: r.cells });
        } catch (error) {
          // CsvError: the file's line and what is wrong with it, never its content
          throw new ImportFailure(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
      }
      return records;
    },
  };
}

export function sourceFor(config: SourceConfig, columns: readonly string[]): RecordSource {
  return config.kind === 'http' ? httpJsonSource(config) : csvFolderSource(config.folder, columns);
}
