import { z } from 'zod';
import { envelope } from './common';

// design §3/§4 imports: admin CSV uploads and the runs an admin watches.

export const IMPORT_MESSAGES = {
  csvRequired: 'A CSV file is required.',
  badRows: 'The file has invalid rows; nothing was imported.',
  /** a run whose lease lapsed (its hub died mid-import) */
  runStopped: 'The hub running this import stopped before it finished. Run the import again.',
  /** anything thrown that was not written for the admin (the hub's log has the error) */
  runFailed: 'The import stopped on an unexpected error. The hub log has the details.',
} as const;

/** POST /imports/holidays and /imports/days-left: the file's text (JSON), or a text/csv body. */
export const importCsvBodySchema = z.object({
  csv: z.string({ message: IMPORT_MESSAGES.csvRequired }).min(1, IMPORT_MESSAGES.csvRequired).max(900_000, 'The file is larger than 900 KB.'),
});
export type ImportCsvBody = z.infer<typeof importCsvBodySchema>;

export const IMPORT_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;

export const importRunSchema = z.object({
  id: z.number().int(),
  /** holidays, days-left, timetracking:today, timetracking:month (with ':csv' for uploads) */
  source: z.string(),
  status: z.enum(IMPORT_RUN_STATUSES),
  rows: z.number().int(),
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunResponseSchema = envelope(z.object({ run: importRunSchema }));
export const importRunsResponseSchema = envelope(z.object({ runs: z.array(importRunSchema) }));
