import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, type Db } from '../server/db/client';
import { journalTags, PREPARED_MANIFEST, type PreparedManifest } from '../server/db/prepared-data';
import * as schema from '../server/db/schema';
import { seedDemoCompany } from '../server/db/seed/index';

// The databases the embedded hub's first start unpacks (server/db/prepared-data.ts)
// instead of running PGlite's initdb, the migrations and the seed (~10 s): one with the demo
// company, one with only the schema (HUB_DEMO=0: the hub adds its bootstrap admin). Made in
// memory, checkpointed so they open with no WAL to replay, and dumped by PGlite itself.

const DEMO_FILE = 'prepared-demo.tgz';
const EMPTY_FILE = 'prepared-empty.tgz';

const snapshot = async (client: PGlite) => {
  await client.exec('CHECKPOINT');
  return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
};

/** Writes both dumps and their manifest into `outDir` (dist/server, beside hub.mjs). */
export async function writePreparedData(outDir: string, now = new Date()): Promise<PreparedManifest> {
  const tags = journalTags(MIGRATIONS_DIR);
  const manifest: PreparedManifest = { migration: tags[tags.length - 1], seededAt: now.toISOString(), demo: DEMO_FILE, empty: EMPTY_FILE };
  // one initdb for both: the schema is dumped, then the demo seeded on top of it
  const client = new PGlite();
  try {
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
    await writeFile(path.join(outDir, EMPTY_FILE), await snapshot(client));
    await seedDemoCompany(db, { now });
    await writeFile(path.join(outDir, DEMO_FILE), await snapshot(client));
  } finally {
    await client.close();
  }
  // last: a build cut short leaves no manifest, and the hub then makes its database itself
  await writeFile(path.join(outDir, PREPARED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
