import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DATA_FOLDER_LOCK } from './migrate-lock';
import { tarEntries, type TarEntry } from './tar-entries';

// The desktop's first start unpacks a database prepared at build time
// (scripts/prepared-data.ts: PGlite's initdb, the migrations and, for the demo, the seed, dumped
// with dumpDataDir) instead of making one, which took ~10 s. The migrations then run as on every
// start, so a dump one migration behind is brought up to date like any older database. A folder
// that already holds a database is never touched.

/** Beside the dumps: which migrations they hold and when the demo was seeded. */
export const PREPARED_MANIFEST = 'prepared-data.json';

export interface PreparedManifest {
  /** the journal's last tag when the dumps were made: the newest migration they hold */
  migration: string;
  /** when the demo was seeded; its dates are moved on at the first start (move-demo-dates.ts) */
  seededAt: string;
  /** file names, beside the manifest */
  demo: string;
  empty: string;
}

export interface PreparedDump {
  file: string;
  /** the demo company (HUB_DEMO), or only the migrated schema (the hub then adds its bootstrap admin) */
  demo: boolean;
  migration: string;
  seededAt: Date;
}

export type PreparedChoice = { dump: PreparedDump } | { skipped: string };

/** The migration tags this hub knows, oldest first (drizzle's journal). */
export function journalTags(migrationsDir: string): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  return journal.entries.map((entry) => entry.tag);
}

/** The dump for this hub, or why the one there cannot be used; null where none was built (source runs). */
export function findPreparedDump(preparedDir: string, migrationsDir: string, demo: boolean): PreparedChoice | null {
  const manifestFile = path.join(preparedDir, PREPARED_MANIFEST);
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PreparedManifest;
  // A dump holding a migration this hub's journal lacks comes from a newer build: its schema is
  // ahead of this code, and the migrator cannot take it back.
  if (!journalTags(migrationsDir).includes(manifest.migration)) {
    return { skipped: `it holds migration ${manifest.migration}, which this hub does not know` };
  }
  const file = path.join(preparedDir, demo ? manifest.demo : manifest.empty);
  if (!existsSync(file)) return { skipped: `${file} is missing` };
  return { dump: { file, demo, migration: manifest.migration, seededAt: new Date(manifest.seededAt) } };
}

/** True when `dataDir` holds a PGlite database (what PGlite itself checks before its initdb). */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Unpacks the dump into `dataDir` unless it already holds a database; true when it did. The
 * caller holds the folder's lock. The whole tar is read and checked before the first file is
 * written, and PG_VERSION is written last: a start cut off half-way leaves no database, and the
 * next start unpacks again over the same files.
 */
export function unpackPreparedDump(file: string, dataDir: string): boolean {
  if (holdsDatabase(dataDir)) return false;
  let entries: TarEntry[];
  try {
    entries = tarEntries(gunzipSync(readFileSync(file))).filter((entry) => entry.name !== DATA_FOLDER_LOCK);
  } catch (error) {
    throw new Error(`The prepared database ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const ordered = [...entries.filter((entry) => entry.name !== 'PG_VERSION'), ...entries.filter((entry) => entry.name === 'PG_VERSION')];
  for (const entry of ordered) {
    const target = path.join(dataDir, ...entry.name.split('/'));
    if (entry.type === 'dir') {
      mkdirSync(target, { recursive: true });
    } else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, entry.data);
    }
  }
  return true;
}
