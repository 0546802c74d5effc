import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { seedDemoCompany } from '../../server/db/seed/index';

// Every API test file starts from a fresh database. Made from nothing, each costs PGlite's initdb
// (3–6 s on 2 cores), the migrations and, for most files, the demo company's seed (another 3–4 s).
// A run makes both kinds once, before its first file: PGlite files start from a dump of the data
// folder (about 1.2 s to load), PostgreSQL databases are created from a template database (a file
// copy on the server). What a file then does to its database stays its own, as before.

export type TemplateKind = 'migrated' | 'demo';

/** Where a run's templates are: dump files for PGlite, database names for PostgreSQL. */
export type DatabaseTemplates = Record<TemplateKind, string>;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Dumps of a migrated and of a seeded PGlite data folder, in a new temporary folder; `remove` deletes it. */
export async function makePgliteTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-test-templates-'));
  const templates = {} as DatabaseTemplates;
  const database = await openDatabase({});
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    templates.migrated = path.join(dir, 'migrated.tar');
    writeFileSync(templates.migrated, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    await seedDemoCompany(database.db);
    templates.demo = path.join(dir, 'demo.tar');
    writeFileSync(templates.demo, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  return { templates, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A migrated and a seeded template database on the server; `remove` drops both. */
export async function makePostgresTemplates(serverUrl: string): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const suffix = randomBytes(4).toString('hex');
  const templates: DatabaseTemplates = { migrated: `hub_template_migrated_${suffix}`, demo: `hub_template_demo_${suffix}` };
  for (const kind of ['migrated', 'demo'] as const) {
    await onServer(serverUrl, `create database ${templates[kind]}`);
    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, templates[kind]) });
    try {
      await database.migrate();
      if (kind === 'demo') await seedDemoCompany(database.db);
    } finally {
      await database.close();
    }
  }
  return {
    templates,
    remove: async () => {
      for (const name of Object.values(templates)) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A new database on the server, a copy of the template (no one may be connected to it meanwhile). */
export async function createFromTemplate(serverUrl: string, name: string, template: string): Promise<string> {
  await onServer(serverUrl, `create database ${name} template ${template}`);
  return withDatabase(serverUrl, name);
}
