import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { seedDemoCompany } from '../../server/db/seed/index';
import { createFromTemplate, type TemplateKind } from './database-templates';

/**
 * A fresh, migrated database for one test file, seeded with the demo company for 'demo':
 * in-memory PGlite in the 'api' project, a new database on the throwaway PostgreSQL cluster in
 * the 'api-pg' project. Both start from the run's templates (database-templates.ts) when its
 * global setup made them, and are made from nothing otherwise.
 */
export async function createTestDatabase(kind: TemplateKind = 'migrated'): Promise<Database> {
  const serverUrl = inject('databaseUrl');
  const templates = inject('databaseTemplates');
  if (!serverUrl) {
    if (templates) return openDatabase({ memoryDump: new Blob([readFileSync(templates[kind])]) });
    const database = await openDatabase({});
    await database.migrate();
    if (kind === 'demo') await seedDemoCompany(database.db);
    return database;
  }
  const name = `hub_test_${randomBytes(6).toString('hex')}`;
  // without the run's templates, a plain copy of PostgreSQL's own empty template, migrated here
  const database = await openDatabase({ databaseUrl: await createFromTemplate(serverUrl, name, templates?.[kind] ?? 'template1') });
  if (!templates) {
    await database.migrate();
    if (kind === 'demo') await seedDemoCompany(database.db);
  }
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
