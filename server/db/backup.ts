import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { DATA_FOLDER_LOCK, lockDataFolder } from './migrate-lock';

// `hub backup FILE` / `hub restore FILE` for the embedded PGlite database. A backup is
// PGlite's own dump of its data folder (a gzipped tar) taken after a CHECKPOINT while this
// process holds the folder, so no hub writes meanwhile: the copy is consistent. PostgreSQL
// installations use pg_dump / pg_restore instead (README).

export interface BackupResult {
  file: string;
  bytes: number;
}

export interface RestoreResult {
  dataDir: string;
  users: number;
  objectives: number;
}

function isPgliteFolder(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Writes a consistent copy of the PGlite data folder to `file` (replaced only once complete). */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  if (!isPgliteFolder(dataDir)) throw new Error(`There is no hub database in ${dataDir} (HUB_DATA_DIR): nothing to back up.`);
  // refuses while a hub serves from this folder: a copy taken under it would not be consistent
  const unlock = lockDataFolder(dataDir);
  try {
    const client = new PGlite(dataDir);
    await client.waitReady;
    let tarball: Buffer;
    try {
      // the data files then hold every commit, and the copy needs no WAL replay to open
      await client.exec('CHECKPOINT');
      tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
    return { file, bytes: tarball.length };
  } finally {
    unlock();
  }
}

/** Loads a backup into an empty (or missing) data folder and checks that it opens. */
export async function restoreDataDir(file: string, dataDir: string): Promise<RestoreResult> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`There is no backup file ${file}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`The data folder ${dataDir} is not empty: restore loads a backup into an empty folder only. Move that folder away or choose another HUB_DATA_DIR.`);
  }
  const tarball = readFileSync(file);
  try {
    gunzipSync(tarball);
  } catch {
    throw new Error(`${file} is not a hub backup (made by 'hub backup').`);
  }
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataFolder(dataDir);
  try {
    const client = new PGlite(dataDir, { loadDataDir: new Blob([tarball]) });
    await client.waitReady;
    try {
      // the backup carries the lock file of the process that made it: this one holds the folder now
      writeFileSync(path.join(dataDir, DATA_FOLDER_LOCK), `${process.pid}\n`);
      const counts = await client.query<{ users: number; objectives: number }>(
        'select (select count(*)::int from users) as users, (select count(*)::int from objectives) as objectives',
      );
      return { dataDir, users: counts.rows[0].users, objectives: counts.rows[0].objectives };
    } finally {
      await client.close();
    }
  } catch (error) {
    // leave the folder as empty as it was, so the restore can simply be run again
    for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${file} could not be restored: ${reason}`, { cause: error });
  } finally {
    unlock();
  }
}
