import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// The hub's own bookkeeping, which no person owns: the import runs, the scheduler's leases and the
// hub-wide settings. Re-exported by schema.ts, so every reader imports them from there.

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  startedAt: tstz('started_at').notNull().defaultNow(),
  finishedAt: tstz('finished_at'),
  status: text('status').notNull(), // running | succeeded | failed
  rows: integer('rows').notNull().default(0),
  message: text('message'),
  /** a running run whose lease lapsed belongs to a hub that died; it is marked failed */
  leaseExpiresAt: tstz('lease_expires_at'),
}, (t) => [index('import_runs_source_idx').on(t.source, t.startedAt)]);

/** A lease so that only one of several hubs runs a scheduled job at a time. */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

/** Hub-wide settings (holidays app URL, time-tracking contact, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
