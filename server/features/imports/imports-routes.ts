import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MESSAGES, importCsvBodySchema, importRunResponseSchema, importRunsResponseSchema } from '../../../shared/api/imports';
import { decodeCsvBytes } from '../../../shared/rules/csv-bytes';
import { canEnterArea } from '../../../shared/rules/permissions';
import { forbidden, HttpError } from '../../http-errors';
import { IMPORT_COLUMNS, importDaysLeft, importHolidayEvents } from './jobs';
import { RowErrors } from './rows';
import type { RunOutcome } from './runs';
import type { HubMetrics } from '../../metrics/hub-metrics';
import { lastRuns } from './runs';
import { csvTextSource } from './sources';

// design §4 admin extras: CSV imports of holiday data and the last import runs, for admins only
// (spec §6 view-admin; the barred role never enters the admin area).

/** Bad rows are the uploader's to fix: 400 with one message per row; anything else is ours (500). */
function answer(outcome: RunOutcome, metrics: HubMetrics | null) {
  metrics?.importRunEnded(outcome.run); // counted for the metrics
  if (!outcome.error) return { data: { run: outcome.run } };
  if (outcome.error instanceof RowErrors) {
    throw new HttpError(400, [{ message: IMPORT_MESSAGES.badRows, field: 'csv' }, ...outcome.error.problems.slice(0, 100).map((message) => ({ message, field: 'csv' }))]);
  }
  throw outcome.error;
}

export const importsRoutes: FastifyPluginAsyncZod = async (api) => {
  // `curl --data-binary @file.csv -H 'content-type: text/csv'` works as well as the JSON body. The
  // bytes are the file as saved (UTF-8 or Windows-1252, whatever the charset says): decoded here
  // as the upload screen decodes them.
  api.addContentTypeParser('text/csv', { parseAs: 'buffer' }, (_request, body: Buffer, done) => done(null, { csv: decodeCsvBytes(body).text }));

  api.addHook('onRequest', async (request) => {
    if (!canEnterArea(request.actor, 'admin')) throw forbidden();
  });

  api.get('/imports', { schema: { tags: ['admin'], response: { 200: importRunsResponseSchema } } }, async () => ({
    data: { runs: await lastRuns(api.db) },
  }));

  api.post('/imports/holidays', { schema: { tags: ['admin'], body: importCsvBodySchema, response: { 200: importRunResponseSchema } } }, async (request) =>
    answer(await importHolidayEvents(api.db, csvTextSource(request.body.csv, IMPORT_COLUMNS.holidays), 'holidays:csv'), api.metrics),
  );

  api.post('/imports/days-left', { schema: { tags: ['admin'], body: importCsvBodySchema, response: { 200: importRunResponseSchema } } }, async (request) =>
    answer(await importDaysLeft(api.db, csvTextSource(request.body.csv, IMPORT_COLUMNS.daysLeft), 'days-left:csv'), api.metrics),
  );
};
